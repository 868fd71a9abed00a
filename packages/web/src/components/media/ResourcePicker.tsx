import { RESOURCE_PICKER_PAGE_SIZE, type Resource, type ResourceGroupType } from '@agora/contract';
import { MediaLibrary } from './MediaLibrary';

/**
 * Picks resources from the library (spec §5, §9): 15 a page, uploading allowed, no group
 * editing or deleting; at `limit` the latest choice replaces the selection.
 */
export function ResourcePicker({
  open,
  onClose,
  onChoose,
  type,
  limit = 1,
}: {
  open: boolean;
  onClose(): void;
  onChoose(resources: Resource[]): void;
  type?: ResourceGroupType;
  limit?: number;
}) {
  return (
    <MediaLibrary
      open={open}
      onClose={onClose}
      onChoose={onChoose}
      type={type}
      limit={limit}
      pageSizes={[RESOURCE_PICKER_PAGE_SIZE]}
      manage={false}
    />
  );
}
