// The part of @breejs/later (bree's schedule library; the package ships no types) the schedule
// uses, with the zone-aware walks our patch adds (patches/@breejs+later+*.patch).
declare module '@breejs/later' {
  interface CompiledSchedule {
    next(count: number, start?: Date): Date | Date[] | 0;
    prev(count: number, start?: Date): Date | Date[] | 0;
  }
  interface Later {
    schedule(definition: unknown): CompiledSchedule;
    parse: { cron(expression: string, hasSeconds?: boolean): unknown };
    date: { localTime(): void };
    /** Occurrences at or after `start` on the wall clock of `zone`, as the instants they happen. */
    zonedNext(schedule: CompiledSchedule, count: number, start: number | Date, zone: string): Date[];
    /** Occurrences at or before `start` on the wall clock of `zone`, newest first. */
    zonedPrev(schedule: CompiledSchedule, count: number, start: number | Date, zone: string): Date[];
  }
  const later: Later;
  export default later;
}
