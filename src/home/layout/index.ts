// The door of src/home/layout: the home page's layout editor (its view model and the layout endpoints' client).
export type { LayoutClient, LayoutClientOptions, LayoutWrite, StoredLayout } from './createLayoutClient.ts';
export { createLayoutClient } from './createLayoutClient.ts';
export type { BoxField, LayoutEditorOptions, LayoutModule } from './LayoutEditorModel.ts';
export { LayoutEditorModel } from './LayoutEditorModel.ts';
export { LayoutEditor } from './LayoutEditor.tsx';
