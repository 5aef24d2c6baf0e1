// The documents library's pure rules (decision 036): sizes as read, what a preview shows, why a delete is refused,
// and which responses the portal's own pages may frame (the PDF preview).
import { describe, expect, it } from 'vitest';
import { DOCUMENT_LIBRARY_MSG, deleteRefusal, fileTypeLabel, formatBytes, isSubmittedUse, previewKind } from '../../domain/documents';
import { framingOf, securityHeaderList } from '../../server/edge';

describe('domain/documents', () => {
  it('reads sizes and types as people do', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(fileTypeLabel('Plan.v2.DOCX')).toBe('DOCX');
    expect(fileTypeLabel('README')).toBe('FILE');
  });

  it('previews images and PDFs in the portal, nothing else (no outside viewer)', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg', 'd.gif'].map(previewKind)).toEqual(['image', 'image', 'image', 'image']);
    expect(previewKind('site.PDF')).toBe('pdf');
    expect(['x.doc', 'x.docx', 'x.xls', 'x.xlsx', 'x.xlsm', 'x.txt', 'x'].map(previewKind)).toEqual(Array(7).fill('none'));
  });

  it('refuses deleting a document an application holds, with the reason', () => {
    expect(deleteRefusal(null)).toBeNull();
    expect(deleteRefusal({ applicationId: 'GA-ABC123', status: 'DRAFT' })).toBe(DOCUMENT_LIBRARY_MSG.inDraft('GA-ABC123'));
    for (const status of ['SUBMITTED', 'GATING_REVIEW', 'AWARDED', 'REVISION_NEEDED', 'WITHDRAWN']) {
      expect(isSubmittedUse({ applicationId: 'GA-ABC123', status })).toBe(true);
      expect(deleteRefusal({ applicationId: 'GA-ABC123', status })).toBe(DOCUMENT_LIBRARY_MSG.inSubmitted('GA-ABC123'));
    }
    expect(isSubmittedUse({ applicationId: 'GA-ABC123', status: 'CANCELLED' })).toBe(false);
    expect(deleteRefusal({ applicationId: null, status: 'PROFILE' })).toBe(DOCUMENT_LIBRARY_MSG.inProfile);
  });
});

describe('framing (server/edge.ts)', () => {
  const q = (s: string) => new URLSearchParams(s);
  it('lets only the portal frame an inline document, nothing else', () => {
    expect(framingOf('/resources/documents/abc', q('view=1'))).toBe('same-origin');
    expect(framingOf('/resources/documents/abc', q('download=1'))).toBe('none');
    expect(framingOf('/api/v1/documents/download/abc', q('expires=1&signature=x'))).toBe('same-origin');
    expect(framingOf('/api/v1/documents/download/abc', q('toDownload=true'))).toBe('none');
    expect(framingOf('/org/documents', q('preview=abc'))).toBe('none');
    expect(framingOf('/resources/documents/abc/x', q('view=1'))).toBe('none');
    const framed = Object.fromEntries(securityHeaderList('n', false, 'same-origin'));
    expect(framed['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(framed['Content-Security-Policy']).toContain("frame-ancestors 'self'");
    const page = Object.fromEntries(securityHeaderList('n', false));
    expect(page['X-Frame-Options']).toBe('DENY');
    expect(page['Content-Security-Policy']).toContain("frame-ancestors 'none'");
  });
});
