// The door of src/home/modules: the Modules section (selection and favourites, saved as profile drafts).
export { ModulesModel } from './ModulesModel.ts';
export { ModulesSection } from './ModulesSection.tsx';
