// The door of src/forms: the form pieces the dock and the home page share. Their look is controls.css
// beside it, which each page's stylesheet imports first (a stylesheet cannot come through this door).
export { MessageLine, type MessageLineProps } from './MessageLine.tsx';
export { TypedDraft } from './TypedDraft.ts';
