import { BOX_LIMITS, type Box, type Boxes, type Kind } from '../../../api/index.ts';
import type { ModuleCatalog } from '../../modules/index.ts';
import { checkMembers, checkModuleId, invalid } from './checkModuleIds.ts';

const POSITION = `an integer from ${BOX_LIMITS.minPosition} to ${BOX_LIMITS.maxPosition}`;
const SIZE = `an integer from ${BOX_LIMITS.minSize} to ${BOX_LIMITS.maxSize}`;
const MEMBERS = ['x', 'y', 'width', 'height'] as const;

/**
 * `PUT /me/layout/<kind>`'s body `{boxes}`: at most 64 boxes, each named by a
 * module id (of that kind when the server knows the installed modules; a box
 * may name a module that is not selected), with integer bounds. A 400 names
 * the module and the member.
 */
export function checkLayout(body: Record<string, unknown>, kind: Kind, catalog: ModuleCatalog | undefined): Boxes {
  checkMembers(body, ['boxes'], 'layout');
  const { boxes } = body;
  if (typeof boxes !== 'object' || boxes === null || Array.isArray(boxes)) throw invalid('layout', 'boxes', 'must be an object of boxes by module id');
  const entries = Object.entries(boxes);
  if (entries.length > BOX_LIMITS.maxBoxes) throw invalid('layout', 'boxes', `holds ${entries.length} boxes, at most ${BOX_LIMITS.maxBoxes} are allowed`);
  // No prototype: a module id is only ever an own key, whatever it is named.
  const checked: Boxes = Object.create(null);
  for (const [moduleId, box] of entries) {
    const field = `boxes[${JSON.stringify(moduleId.slice(0, 130))}]`;
    checkModuleId(moduleId, kind, catalog, 'layout', field);
    checked[moduleId] = checkBox(box, field);
  }
  return checked;
}

function checkBox(box: unknown, field: string): Box {
  if (typeof box !== 'object' || box === null || Array.isArray(box)) throw invalid('layout', field, 'must be an object {x, y, width, height}');
  const record = box as Record<string, unknown>;
  checkMembers(record, MEMBERS, 'layout', field);
  const within = (name: (typeof MEMBERS)[number], min: number, max: number, text: string) => {
    const value = record[name];
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw invalid('layout', `${field}.${name}`, `must be ${text}`);
    return value;
  };
  return {
    x: within('x', BOX_LIMITS.minPosition, BOX_LIMITS.maxPosition, POSITION),
    y: within('y', BOX_LIMITS.minPosition, BOX_LIMITS.maxPosition, POSITION),
    width: within('width', BOX_LIMITS.minSize, BOX_LIMITS.maxSize, SIZE),
    height: within('height', BOX_LIMITS.minSize, BOX_LIMITS.maxSize, SIZE),
  };
}
