// The door of src/home for the other folders: the browser tests read where the page keeps its token.
export { tokenKey } from './TokenMemory.ts';
