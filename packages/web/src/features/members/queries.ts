import { memberEndpoints as members } from '@agora/contract';
import { useApi } from '@/lib/api';

/** Every level by point range: the level page, the level filter and the level selects. */
export const useMemberLevels = () => useApi(members.levels, {});

/** One member's full record; a page that switches members shows nothing of the last one meanwhile. */
export const useMember = (id: number) => useApi(members.detail, { params: { id } }, { enabled: id > 0, placeholderData: undefined });
