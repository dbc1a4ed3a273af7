/** Spec: the cart badge shows '9+' above 9. The other header badges follow the same rule. */
export function cartBadgeLabel(count: number) {
  const n = Math.max(0, Math.floor(count));
  return n > 9 ? "9+" : String(n);
}

/**
 * A header button's name says what its badge shows, outside parentheses (axe ignores
 * parenthetical text when it compares a name with the visible label, WCAG 2.5.3), so
 * speech-input users can say what they see: 'Carrito, 2 artículos'.
 */
export function countedLabel(noun: string, count: number, unit?: [string, string]) {
  const shown = cartBadgeLabel(count);
  if (!unit) return `${noun}, ${shown}`;
  return `${noun}, ${shown} ${shown === "1" ? unit[0] : unit[1]}`;
}
