export { createHolidayChecker, parseHolidaySpec, DEFAULT_HOLIDAYS, type HolidayChecker } from './create-holiday-checker.ts';
