// The parts of Chakra's default theme the portal uses, imported from their own files (see app/theme.ts: the
// package's exports map hides them, and its '/theme' entry would pull in every recipe).
export { animations } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/animations.js';
export { aspectRatios } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/aspect-ratios.js';
export { blurs } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/blurs.js';
export { borders } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/borders.js';
export { cursor } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/cursor.js';
export { durations } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/durations.js';
export { easings } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/easings.js';
export { fontSizes } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/font-sizes.js';
export { fontWeights } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/font-weights.js';
export { letterSpacings } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/letter-spacing.js';
export { lineHeights } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/line-heights.js';
export { radii } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/radius.js';
export { sizes } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/sizes.js';
export { spacing } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/spacing.js';
export { zIndices } from '../../node_modules/@chakra-ui/react/dist/esm/theme/tokens/z-indices.js';
export { semanticRadii } from '../../node_modules/@chakra-ui/react/dist/esm/theme/semantic-tokens/radii.js';
export { semanticShadows } from '../../node_modules/@chakra-ui/react/dist/esm/theme/semantic-tokens/shadows.js';
export { breakpoints } from '../../node_modules/@chakra-ui/react/dist/esm/theme/breakpoints.js';
export { globalCss } from '../../node_modules/@chakra-ui/react/dist/esm/theme/global-css.js';
export { textStyles } from '../../node_modules/@chakra-ui/react/dist/esm/theme/text-styles.js';
export { badgeRecipe } from '../../node_modules/@chakra-ui/react/dist/esm/theme/recipes/badge.js';
export { buttonRecipe } from '../../node_modules/@chakra-ui/react/dist/esm/theme/recipes/button.js';
export { containerRecipe } from '../../node_modules/@chakra-ui/react/dist/esm/theme/recipes/container.js';
export { headingRecipe } from '../../node_modules/@chakra-ui/react/dist/esm/theme/recipes/heading.js';
export { inputRecipe } from '../../node_modules/@chakra-ui/react/dist/esm/theme/recipes/input.js';
export { textareaRecipe } from '../../node_modules/@chakra-ui/react/dist/esm/theme/recipes/textarea.js';
