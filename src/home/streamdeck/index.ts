// The door of src/home/streamdeck: the Stream Deck section (its token and the curl lines of its buttons).
export { StreamDeckSection } from './StreamDeckSection.tsx';
