// The round's "Proposed Technology Type" (question 24): six choices, one ineligible for round 1.
export const TECHNOLOGY_TYPES: readonly string[] = [
  'Fiber to the premises',
  'Hybrid fiber-coaxial (cable)',
  'Licensed fixed wireless',
  'Unlicensed or hybrid fixed wireless',
  'Low-earth-orbit satellite',
  'DSL or other copper',
];

/** Technologies that cannot deliver 100/20 Mbps at <= 100 ms latency; choosing one opens the ineligibility dialog. */
export const INELIGIBLE_TECHNOLOGY_TYPES: readonly string[] = ['DSL or other copper'];

export function isEligibleTechnology(type: string): boolean {
  return TECHNOLOGY_TYPES.includes(type) && !INELIGIBLE_TECHNOLOGY_TYPES.includes(type);
}
