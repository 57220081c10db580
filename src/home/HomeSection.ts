import type { ComponentType } from 'preact';

/**
 * One section of the home page: a heading (`title`, the exact text tests
 * find it by) and its view. The page lists them in order; a new section is
 * one more entry in `createHomeSections`.
 */
export interface HomeSection {
  /** The `h2` text, e.g. `Overlays`. */
  title: string;
  /** A stable id for the section's element and heading. */
  id: string;
  View: ComponentType;
}
