/** The platform's media library 素材中心: groups (a tree of at most three levels) and the resources in them. */
import { bigint, bigserial, index, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, trigramIndex } from '../../db/columns.js';
import { storedFiles } from '../../db/tables.js';

export const resourceGroups = pgTable('resource_groups', {
  id: serial('id').primaryKey(),
  groupName: varchar('group_name', { length: 20 }).notNull(),
  /** IMAGE or VIDEO: a group holds one kind */
  groupType: varchar('group_type', { length: 10 }).notNull(),
  /** 0 = a top-level group */
  parentId: integer('parent_id').notNull().default(0),
  /** 1..RESOURCE_GROUP_MAX_DEPTH */
  depth: smallint('depth').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('resource_groups_sibling_name_uq').on(t.groupType, t.parentId, t.groupName),
  index('resource_groups_parent_idx').on(t.parentId),
]);

export const resources = pgTable('resources', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  resourceName: varchar('resource_name', { length: 100 }).notNull(),
  /** 0 = ungrouped */
  groupId: integer('group_id').notNull().default(0),
  groupType: varchar('group_type', { length: 10 }).notNull(),
  resourceUrl: varchar('resource_url', { length: 500 }).notNull(),
  storedFileId: bigint('stored_file_id', { mode: 'number' }).notNull().references(() => storedFiles.id),
  /** kB, rounded up */
  resourceStorage: integer('resource_storage').notNull(),
  imgWidth: integer('img_width'),
  imgHeight: integer('img_height'),
  /** seconds */
  videoDuration: integer('video_duration'),
  createdAt: createdAt(),
}, (t) => [
  // The grid: one kind, newest first, in every group or in some groups.
  index('resources_type_created_idx').on(t.groupType, t.createdAt, t.id),
  index('resources_type_group_created_idx').on(t.groupType, t.groupId, t.createdAt, t.id),
  index('resources_stored_file_idx').on(t.storedFileId),
  // the name search (ILIKE '%…%')
  trigramIndex('resources_name_trgm_idx', t.resourceName),
]);
