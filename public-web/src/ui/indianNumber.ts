/**
 * A number as en-IN writes it (1,23,45,678.5: the last three digits, then groups of two), with at most
 * `maxFraction` decimals and no trailing zeros. Written here rather than by Intl.NumberFormat: the first Intl
 * formatter of a page loads the locale data, ~25 ms of a phone's first second on every page of cards.
 * indianNumber.unit.spec.ts checks it against Intl.
 */
export function indianNumber(value: number, maxFraction = 3): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21) return String(value);
  const [whole, fraction] = roundHalfUp(Math.abs(value), maxFraction);
  const lastThree = whole.slice(-3);
  const rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const decimals = fraction.replace(/0+$/, '');
  const digits = `${rest ? `${rest},` : ''}${lastThree}${decimals ? `.${decimals}` : ''}`;
  return value < 0 ? `-${digits}` : digits;
}

/**
 * The digits of `abs` rounded half up at `maxFraction` decimals, on its shortest decimal form as Intl does
 * (1.005 is written 1.01, where toFixed, working on the binary value, would give 1.00).
 */
function roundHalfUp(abs: number, maxFraction: number): [whole: string, fraction: string] {
  // Below 1e-6 String() writes an exponent; such a value rounds to 0 at any precision used here.
  const [whole = '0', fraction = ''] = (abs < 1e-6 ? '0' : String(abs)).split('.');
  if (fraction.length <= maxFraction) return [whole, fraction];
  const kept = BigInt(whole + fraction.slice(0, maxFraction)) + (fraction[maxFraction]! >= '5' ? 1n : 0n);
  if (maxFraction === 0) return [kept.toString(), ''];
  const digits = kept.toString().padStart(maxFraction + 1, '0');
  return [digits.slice(0, -maxFraction), digits.slice(-maxFraction)];
}
