/**
 * Spec §9 phone masking: keep 1 to 3 characters at each end depending on length,
 * star the middle. 13812345678 → 138*****678.
 */
export function maskPhone(phone: string): string {
  const length = phone.length;
  if (length <= 2) return '*'.repeat(length);
  const keep = length >= 11 ? 3 : length >= 7 ? 2 : 1;
  return `${phone.slice(0, keep)}${'*'.repeat(length - keep * 2)}${phone.slice(length - keep)}`;
}
