const SECONDS_PER_MINUTE = 60;

/** A wait as a person reads it in Catalan: "1 segon", "45 segons", "1 minut", "3 minuts" (rounded up). */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < SECONDS_PER_MINUTE) return whole === 1 ? '1 segon' : `${whole} segons`;
  const minutes = Math.ceil(whole / SECONDS_PER_MINUTE);
  return minutes === 1 ? '1 minut' : `${minutes} minuts`;
}
