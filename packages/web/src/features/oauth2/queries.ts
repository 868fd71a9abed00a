import { oauth2Endpoints } from '@agora/contract';
import { useApi, useApiMutation } from '@/lib/api';

export const useOAuth2Client = (id: number | undefined) => useApi(oauth2Endpoints.detail, { params: { id: id ?? 0 } }, { enabled: id !== undefined, placeholderData: undefined });
export const useCreateOAuth2Client = () => useApiMutation(oauth2Endpoints.create, { success: 'oauth2.messages.created' });
export const useUpdateOAuth2Client = () => useApiMutation(oauth2Endpoints.update, { success: 'oauth2.messages.saved' });
export const useRotateOAuth2Secret = () => useApiMutation(oauth2Endpoints.rotateSecret, { success: 'oauth2.messages.rotated' });
export const useDeleteOAuth2Client = () => useApiMutation(oauth2Endpoints.remove, { success: 'oauth2.messages.deleted' });
