// Issue 41: the name an upload is stored under is the file's own name, whatever folders the browser sent with it.
import { describe, expect, it } from 'vitest';
import { baseFileName } from '../../domain/documents';

describe('baseFileName', () => {
  it.each([
    ['/home/olivia/Desktop/tower-lease.pdf', 'tower-lease.pdf'],
    ['C:\\Users\\olivia\\Desktop\\win-lease.pdf', 'win-lease.pdf'],
    ['..\\..\\etc/mixed\\both/route-map.png', 'route-map.png'],
    ['tower-lease.pdf', 'tower-lease.pdf'],
    ['  spaced name.pdf  ', 'spaced name.pdf'],
    ['Budget (final) v2.xlsx', 'Budget (final) v2.xlsx'],
    ['/home/olivia/Desktop/', ''],
    ['', ''],
  ])('%s → %s', (sent, stored) => {
    expect(baseFileName(sent)).toBe(stored);
  });
});
