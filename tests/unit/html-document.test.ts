// tidyDocument (issue 9 item 21): emotion's styles move from the body into the head, Remix's data scripts from
// after </html> into the body; a document without either is unchanged.
import { describe, expect, it } from 'vitest';
import { tidyDocument } from '../../app/utils/html-document.server';

describe('tidyDocument', () => {
  it('moves emotion styles to the end of the head, in order, and scripts after </html> to the end of the body', () => {
    const html = '<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><table><tr>'
      + '<style data-emotion="css abc" nonce="n1">.css-abc{color:red}</style><td>1</td></tr></table>'
      + '<ul><style data-emotion="css-global 0" nonce="n1"></style><li>x</li></ul><script>main()</script></body></html>'
      + '<!--$--><script nonce="n1">stream()</script><!--/$-->';
    expect(tidyDocument(html)).toBe('<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/>'
      + '<style data-emotion="css abc" nonce="n1">.css-abc{color:red}</style><style data-emotion="css-global 0" nonce="n1"></style></head>'
      + '<body><table><tr><td>1</td></tr></table><ul><li>x</li></ul><script>main()</script>'
      + '<!--$--><script nonce="n1">stream()</script><!--/$--></body></html>');
  });

  it('leaves a valid document alone', () => {
    const html = '<!DOCTYPE html><html><head><title>t</title></head><body><p>ok</p></body></html>';
    expect(tidyDocument(html)).toBe(html);
  });
});
