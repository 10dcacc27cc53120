export { createHolidayChecker, parseHolidaySpec, DEFAULT_HOLIDAYS, type HolidayChecker, type HolidayCheckerOptions, type HolidayYears } from './create-holiday-checker.ts';
