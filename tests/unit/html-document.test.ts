// tidyDocument (issue 9 item 21): Remix's data scripts move from after </html> into the body; a document without
// them is unchanged.
import { describe, expect, it } from 'vitest';
import { tidyDocument } from '../../app/utils/html-document.server';

describe('tidyDocument', () => {
  it('moves scripts after </html> to the end of the body', () => {
    const html = '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><table><tr><td>1</td></tr></table>'
      + '<script>main()</script></body></html><!--$--><script nonce="n1">stream()</script><!--/$-->';
    expect(tidyDocument(html)).toBe('<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head>'
      + '<body><table><tr><td>1</td></tr></table><script>main()</script>'
      + '<!--$--><script nonce="n1">stream()</script><!--/$--></body></html>');
  });

  it('leaves a valid document alone', () => {
    const html = '<!DOCTYPE html><html><head><title>t</title></head><body><p>ok</p></body></html>';
    expect(tidyDocument(html)).toBe(html);
  });
});
