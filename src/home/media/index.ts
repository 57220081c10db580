// The door of src/home/media: the home page's Media section (the library's view model and its view).
export { type MediaFile, MediaModel, type MediaModelOptions, type MediaRefusal } from './MediaModel.ts';
export { MediaSection } from './MediaSection.tsx';
