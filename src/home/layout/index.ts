// The door of src/home/layout: the home page's layout editor (its view model and view; the calls are the client's).
export type { BoxField, LayoutEditorOptions, LayoutModule } from './LayoutEditorModel.ts';
export { LayoutEditorModel } from './LayoutEditorModel.ts';
export { LayoutEditor } from './LayoutEditor.tsx';
