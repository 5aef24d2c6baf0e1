// Messages (spec 9): the unread count of the top bar.
import { get, type ApiSession } from './client.server';

export const unreadCount = async (api: ApiSession) => (await get<{ total: number }>(api, '/messages/unread/count')).total;
