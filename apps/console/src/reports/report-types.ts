/** An inclusive range of calendar days, both YYYY-MM-DD. */
export interface DateRange {
  from: string;
  to: string;
}
