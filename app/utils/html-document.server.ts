// The server's HTML made valid where React's output is not (issue 9 item 21; decision 025), on the finished
// document (entry.server.tsx renders all of it before the first byte):
// - emotion writes each component's <style> next to the component, so styles land under <tr>, <ul>, <form>,
//   before a fieldset's <legend>: they move to the end of <head>, in the same order (so the cascade is unchanged;
//   in the browser emotion's cache adopts `style[data-emotion]` tags wherever they are);
// - Remix's single-fetch data scripts are rendered after the document element (<RemixServer> puts them beside
//   the app), i.e. after </html>: they move to the end of <body>, where React's hydration leaves extra nodes alone.

const EMOTION_STYLE = /<style data-emotion="[^"]*"(?: nonce="[^"]*")?>[^<]*<\/style>/g;

export function tidyDocument(html: string): string {
  let out = html;

  const close = out.lastIndexOf('</html>');
  if (close >= 0) {
    const after = out.slice(close + '</html>'.length);
    const bodyEnd = out.lastIndexOf('</body>', close);
    if (after.trim() !== '' && bodyEnd >= 0) out = out.slice(0, bodyEnd) + after + out.slice(bodyEnd, close) + '</html>';
  }

  const headEnd = out.indexOf('</head>');
  if (headEnd < 0) return out;
  // Most pages have no emotion styles left (their parts are plain, styled by the stylesheet): no regular expression over them.
  if (out.indexOf('<style data-emotion', headEnd) < 0) return out;
  const body = out.slice(headEnd);
  const styles = body.match(EMOTION_STYLE);
  if (!styles) return out;
  return out.slice(0, headEnd) + styles.join('') + body.replace(EMOTION_STYLE, '');
}
