// What a filtering input needs from domain/input.ts, loaded on its first focus (formatted-input.ts, decision 021).
// Imported through this module so that the chunk holds only these (domain/input.ts also builds a Zod schema for
// the API, which a dynamic import of the module itself would bring along).
export { applyTyped, TYPING_HINT, zipInputError } from '../../domain/input';
