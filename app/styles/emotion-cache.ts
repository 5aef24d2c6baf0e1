// The emotion cache Chakra writes its styles through, made the same way on the server (one per response, with
// the response's CSP nonce on every <style> it writes) and in the browser (one per page). No vendor-prefixing
// plugin: the browsers the portal supports read the standard properties, and the prefixes made every inline
// style about a third longer (docs/decisions/013). The plugin list is one constant so emotion's server-side
// stylis memo is shared across responses.
import createCache from '@emotion/cache';

const STYLIS_PLUGINS: [] = [];

export function makeEmotionCache(nonce?: string) {
  return createCache({ key: 'css', nonce: nonce || undefined, stylisPlugins: STYLIS_PLUGINS });
}
