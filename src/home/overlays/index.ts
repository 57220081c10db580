// The door of src/home/overlays: the Overlays section (one address per kind).
export { OverlaysSection } from './OverlaysSection.tsx';
