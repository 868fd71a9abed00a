import type { SortOrder } from 'antd/es/table/interface';

/**
 * The creation-time column of the shop lists: the lists' default sort (newest first), so a click
 * turns it round to oldest first and the next returns to the default.
 */
export const byCreationTime = { sortKey: 'create_time', sortDirections: ['descend', 'ascend'] as SortOrder[] };
