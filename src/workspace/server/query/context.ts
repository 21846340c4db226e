import type { ProjectManager } from '../project-manager.js';
import type { StoredProject, WorkspaceStore } from '../store.js';
import type { QueryOptions } from './options.js';
import type { Obj } from './values.js';

/** The context a query runs in. */
export interface QueryContext {
  accountId: string;
  store: WorkspaceStore;
  projects: ProjectManager;
}

/** One query of a table, read: its record, form and kind. */
export interface TableQuery {
  table: string;
  /** The query's one object (without its nulls under option `set: true`). */
  rec: Obj;
  /** The array form (`[{…}]`), which answers every match. */
  many: boolean;
  isGet: boolean;
  opts: QueryOptions;
}

/** The group of an account in a project, if it is a member. */
export function groupOf(project: StoredProject, accountId: string): string | undefined {
  return project.users[accountId]?.group;
}

/** Whether an account is an owner or collaborator of a project (which exists). */
export function canAccess(
  project: StoredProject | undefined,
  accountId: string,
): project is StoredProject {
  const g = project === undefined ? undefined : groupOf(project, accountId);
  return g === 'owner' || g === 'collaborator';
}
