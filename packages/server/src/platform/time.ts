/** The API speaks unix seconds (spec §3 create_time); the database keeps timestamptz. */
export function unixSeconds(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function fromUnixSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}
