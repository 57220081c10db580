// The door of src/dock for the other pages: the settings form the dock and the studio share, with its media library.
export { MediaLibraryModel } from './MediaLibraryModel.ts';
export { SettingsForm } from './SettingsForm.tsx';
export { SettingsFormModel, type SettingsFormOptions } from './SettingsFormModel.ts';
export { TestEventButtons } from './TestEventButtons.tsx';
