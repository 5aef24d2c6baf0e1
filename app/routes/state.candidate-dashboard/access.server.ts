// Who opens the candidate dashboard and its XLSX (decision 043): the roles holding read:candidate in
// domain/permissions.ts (the API refuses everyone else with 403); anyone else is sent to their first menu item.
import { redirect } from '@remix-run/node';
import type { PortalUser } from '../../utils/auth.server';
import { can } from '../../../domain/permissions';
import { firstMenuPath } from '../../../domain/menu';

export function requireCandidateReader(user: PortalUser): void {
  if (user.profile.roles.some((r) => can(r.name, 'read', 'candidate'))) return;
  throw redirect(firstMenuPath(user.role, 'state'), { headers: { 'Set-Cookie': user.cookie } });
}
