/**
 * The registers module's door (issue 35 items 4 and 6, decision 0096): registers, attendance and
 * the no-show and late-cancel strikes. It owns `booking_attendance` and `booking_strikes`.
 */
export { markAttended } from './attendance.ts';
export { createRegistersService, type RegistersService } from './registers.service.ts';
export { registersRoutes } from './registers.routes.ts';
