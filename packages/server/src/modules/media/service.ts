import { and, count, eq, ilike, inArray, max, sql } from 'drizzle-orm';
import {
  RESOURCE_GROUP_MAX_DEPTH,
  type Page,
  type Resource,
  type ResourceGroupInput,
  type ResourceGroupNode,
  type ResourceGroupTree,
  type ResourceGroupType,
  type ResourceItem,
  type ResourceListQuery,
} from '@agora/contract';
import type { AppContext } from '../../platform/context.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { listPage } from '../../platform/list.js';
import { preparedOnce } from '../../platform/statements.js';
import { unixSeconds } from '../../platform/time.js';
import { escapeLike, type Transaction } from '../../db/sql.js';
import { settings, storedFiles } from '../../db/tables.js';
import { adminUsers } from '../admins/tables.js';
import { brands, categories, goods, goodsSkus } from '../goods/tables.js';
import { shopDetails, shops } from '../shops/tables.js';
import { memberLevels, members } from '../members/tables.js';
import { orderItems } from '../orders/tables.js';
import { resourceGroups, resources } from './tables.js';
import { refuseDuplicates } from '../../platform/unique.js';

type GroupRecord = typeof resourceGroups.$inferSelect;
type ResourceRecord = typeof resources.$inferSelect;

function toResource(row: ResourceRecord): Resource {
  return {
    id: row.id,
    resource_name: row.resourceName,
    group_id: row.groupId,
    group_type: row.groupType as ResourceGroupType,
    resource_url: row.resourceUrl,
    resource_storage: row.resourceStorage,
    img_width: row.imgWidth,
    img_height: row.imgHeight,
    video_duration: row.videoDuration,
    create_time: unixSeconds(row.createdAt),
  };
}

/** A group as the tree shows it: its own resource count, children filled in by the caller. */
const toGroupNode = (group: GroupRecord, resourceCount: number): ResourceGroupNode => ({
  group_id: group.id,
  group_name: group.groupName,
  group_type: group.groupType as ResourceGroupType,
  parent_id: group.parentId,
  depth: group.depth,
  create_time: unixSeconds(group.createdAt),
  resource_count: resourceCount,
  children: [],
});

// Key (group_type, parent_id, group_name): the name is what follows the first two values.
refuseDuplicates({ resource_groups_sibling_name_uq: (values) => badRequest('RESOURCE_GROUP_NAME_TAKEN', { name: values.slice(2).join(', ') }) });

async function findGroup(ctx: AppContext, id: number): Promise<GroupRecord> {
  const [group] = await ctx.db.select().from(resourceGroups).where(eq(resourceGroups.id, id));
  if (!group) throw notFound('RESOURCE_GROUP_NOT_FOUND');
  return group;
}

/** The group and every group below it (at most three levels, so a few queries at most). */
async function groupWithDescendants(ctx: AppContext, id: number): Promise<number[]> {
  const ids = [id];
  let frontier = [id];
  for (let level = 1; level < RESOURCE_GROUP_MAX_DEPTH && frontier.length > 0; level++) {
    const children = await ctx.db.select({ id: resourceGroups.id }).from(resourceGroups).where(inArray(resourceGroups.parentId, frontier));
    frontier = children.map((child) => child.id);
    ids.push(...frontier);
  }
  return ids;
}

/** One kind's resources, newest first; a group includes its subgroups (resolved to their ids first). */
export async function listResources(ctx: AppContext, query: ResourceListQuery): Promise<Page<Resource>> {
  const inGroup =
    query.group_id === undefined ? undefined : query.group_id === 0 ? eq(resources.groupId, 0) : inArray(resources.groupId, await groupWithDescendants(ctx, query.group_id));
  return listPage(ctx.db, {
    query,
    table: resources,
    id: resources.id,
    where: [
      query.group_type ? eq(resources.groupType, query.group_type) : undefined,
      query.resource_name ? ilike(resources.resourceName, `%${escapeLike(query.resource_name)}%`) : undefined,
      inGroup,
    ],
    defaultSort: resources.createdAt,
    statement: 'media/service.listResources',
    rows: ({ where, orderBy, limit, offset }) => ctx.db.select().from(resources).where(where).orderBy(...orderBy).limit(limit).offset(offset),
    map: toResource,
    idOf: (row) => row.id,
  });
}

// the tree's two reads, prepared once (platform/statements.ts)
const groupsOfType = preparedOnce('agora_media_group_tree', (db) =>
  db.select().from(resourceGroups).where(eq(resourceGroups.groupType, sql.placeholder('groupType'))).orderBy(resourceGroups.sort, resourceGroups.id),
);
const resourceCounts = preparedOnce('agora_media_group_counts', (db) =>
  db.select({ groupId: resources.groupId, n: count() }).from(resources).where(eq(resources.groupType, sql.placeholder('groupType'))).groupBy(resources.groupId),
);

export async function groupTree(ctx: AppContext, groupType: ResourceGroupType): Promise<ResourceGroupTree> {
  const [groups, counts] = await Promise.all([groupsOfType(ctx.db).execute({ groupType }), resourceCounts(ctx.db).execute({ groupType })]);
  const own = new Map(counts.map((row) => [row.groupId, row.n]));
  const nodes = new Map<number, ResourceGroupNode>();
  for (const group of groups) {
    nodes.set(group.id, toGroupNode(group, own.get(group.id) ?? 0));
  }
  const roots: ResourceGroupNode[] = [];
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parent_id);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const addUp = (node: ResourceGroupNode): number => {
    node.resource_count += node.children.reduce((sum, child) => sum + addUp(child), 0);
    return node.resource_count;
  };
  roots.forEach(addUp);
  return {
    total: counts.reduce((sum, row) => sum + row.n, 0),
    ungrouped: own.get(0) ?? 0,
    groups: roots,
  };
}

export async function createGroup(ctx: AppContext, input: ResourceGroupInput): Promise<ResourceGroupNode> {
  let depth = 1;
  if (input.parent_id > 0) {
    const parent = await findGroup(ctx, input.parent_id);
    if (parent.groupType !== input.group_type) throw badRequest('RESOURCE_GROUP_TYPE_MISMATCH');
    if (parent.depth >= RESOURCE_GROUP_MAX_DEPTH) throw badRequest('RESOURCE_GROUP_TOO_DEEP', { max: RESOURCE_GROUP_MAX_DEPTH });
    depth = parent.depth + 1;
  }
  const [last] = await ctx.db
    .select({ sort: max(resourceGroups.sort) })
    .from(resourceGroups)
    .where(and(eq(resourceGroups.groupType, input.group_type), eq(resourceGroups.parentId, input.parent_id)));
  // A sibling of the same name is refused by the database (resource_groups_sibling_name_uq).
  const [group] = await ctx.db
    .insert(resourceGroups)
    .values({ groupName: input.group_name, groupType: input.group_type, parentId: input.parent_id, depth, sort: (last?.sort ?? 0) + 1 })
    .returning();
  return toGroupNode(group, 0);
}

export async function renameGroup(ctx: AppContext, id: number, name: string): Promise<void> {
  await findGroup(ctx, id);
  await ctx.db.update(resourceGroups).set({ groupName: name }).where(eq(resourceGroups.id, id));
}

/** Only an empty group goes: no subgroups, no resources (they would silently become ungrouped otherwise). */
export async function deleteGroup(ctx: AppContext, id: number): Promise<void> {
  await findGroup(ctx, id);
  const [[children], [held]] = await Promise.all([
    ctx.db.select({ n: count() }).from(resourceGroups).where(eq(resourceGroups.parentId, id)),
    ctx.db.select({ n: count() }).from(resources).where(eq(resources.groupId, id)),
  ]);
  if (children.n > 0) throw badRequest('RESOURCE_GROUP_HAS_CHILDREN');
  if (held.n > 0) throw badRequest('RESOURCE_GROUP_HAS_RESOURCES', { count: held.n });
  await ctx.db.delete(resourceGroups).where(eq(resourceGroups.id, id));
}

const groupTypeOf = (contentType: string): ResourceGroupType => (contentType.startsWith('image/') ? 'IMAGE' : 'VIDEO');

/**
 * Keeps files just uploaded in the library. Only our own uploads are accepted: the URL must
 * be one the storage driver serves and a file an admin uploaded; its kind, size, picture size
 * and video length come from what the upload recorded, never from the caller.
 */
export async function addResources(ctx: AppContext, items: ResourceItem[]): Promise<Resource[]> {
  const keys = items.map((item) => {
    const key = ctx.storage.keyOf(item.resource_url.trim());
    if (!key) throw badRequest('RESOURCE_URL_UNKNOWN', { url: item.resource_url });
    return key;
  });
  const files = await ctx.db
    .select()
    .from(storedFiles)
    .where(and(inArray(storedFiles.key, keys), eq(storedFiles.uploaderType, 'ADMIN')));
  const fileByKey = new Map(files.map((file) => [file.key, file]));
  const groupIds = [...new Set(items.map((item) => item.group_id).filter((id) => id > 0))];
  const groups = groupIds.length ? await ctx.db.select().from(resourceGroups).where(inArray(resourceGroups.id, groupIds)) : [];
  const groupById = new Map(groups.map((group) => [group.id, group]));
  const rows = items.map((item, index) => {
    const file = fileByKey.get(keys[index]);
    if (!file) throw badRequest('RESOURCE_URL_UNKNOWN', { url: item.resource_url });
    const groupType = groupTypeOf(file.contentType);
    const groupId = item.group_id;
    if (groupId > 0) {
      const group = groupById.get(groupId);
      if (!group) throw notFound('RESOURCE_GROUP_NOT_FOUND');
      if (group.groupType !== groupType) throw badRequest('RESOURCE_GROUP_TYPE_MISMATCH');
    }
    return {
      resourceName: item.resource_name.trim(),
      groupId,
      groupType,
      resourceUrl: ctx.storage.url(file.key),
      storedFileId: file.id,
      resourceStorage: Math.ceil(file.size / 1024),
      imgWidth: groupType === 'IMAGE' ? file.width : null,
      imgHeight: groupType === 'IMAGE' ? file.height : null,
      videoDuration: groupType === 'VIDEO' ? file.duration : null,
    };
  });
  const inserted = await ctx.db.insert(resources).values(rows).returning();
  return inserted.map(toResource);
}

/**
 * Whether a picture URL is still shown somewhere outside the library: the columns of every
 * area that keeps a picture URL, and the settings documents (site logo, icon). A file in use
 * stays stored when its library entry goes.
 */
async function pictureInUse(tx: Transaction, url: string): Promise<boolean> {
  const uses = [
    tx.select({ one: sql`1` }).from(brands).where(eq(brands.logo, url)),
    tx.select({ one: sql`1` }).from(categories).where(sql`${categories.image} = ${url} or ${categories.advImage} = ${url}`),
    tx.select({ one: sql`1` }).from(goods).where(sql`${goods.thumbnail} = ${url} or ${url} = any(${goods.images})`),
    tx.select({ one: sql`1` }).from(goodsSkus).where(eq(goodsSkus.image, url)),
    tx.select({ one: sql`1` }).from(orderItems).where(eq(orderItems.image, url)),
    tx.select({ one: sql`1` }).from(shops).where(sql`${shops.logo} = ${url} or ${shops.banner} = ${url}`),
    tx
      .select({ one: sql`1` })
      .from(shopDetails)
      .where(sql`${shopDetails.legalImg} = ${url} or ${shopDetails.licenceImg} = ${url} or ${shopDetails.bankImg} = ${url}`),
    tx.select({ one: sql`1` }).from(members).where(eq(members.face, url)),
    tx.select({ one: sql`1` }).from(memberLevels).where(eq(memberLevels.levelIcon, url)),
    tx.select({ one: sql`1` }).from(adminUsers).where(eq(adminUsers.face, url)),
    tx.select({ one: sql`1` }).from(settings).where(sql`strpos(${settings.value}::text, ${JSON.stringify(url)}) > 0`),
  ];
  for (const use of uses) {
    if ((await use.limit(1)).length > 0) return true;
  }
  return false;
}

/**
 * Removes resources from the library. A stored file goes with its last library entry, unless
 * something else (a brand logo, a shop picture, the site logo…) still shows it.
 */
export async function deleteResources(ctx: AppContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const orphanedKeys = await ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(resources).where(inArray(resources.id, unique));
    if (rows.length !== unique.length) {
      const found = new Set(rows.map((row) => row.id));
      throw new AppError(404, 'RESOURCE_NOT_FOUND', { ids: unique.filter((id) => !found.has(id)).join(',') });
    }
    await tx.delete(resources).where(inArray(resources.id, unique));
    const fileIds = [...new Set(rows.map((row) => row.storedFileId))];
    const stillListed = await tx
      .selectDistinct({ id: resources.storedFileId })
      .from(resources)
      .where(inArray(resources.storedFileId, fileIds));
    const listed = new Set(stillListed.map((row) => row.id));
    const keys: string[] = [];
    for (const file of await tx.select().from(storedFiles).where(inArray(storedFiles.id, fileIds))) {
      if (listed.has(file.id) || (await pictureInUse(tx, ctx.storage.url(file.key)))) continue;
      await tx.delete(storedFiles).where(eq(storedFiles.id, file.id));
      keys.push(file.key);
    }
    return keys;
  });
  // The rows are gone for good; a file the driver fails to remove is only wasted space.
  for (const key of orphanedKeys) {
    await ctx.storage.delete(key).catch((error: unknown) => ctx.log.warn({ err: error, key }, 'removing a stored file failed'));
  }
}
