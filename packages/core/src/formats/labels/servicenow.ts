import type { LabelTable } from './types.ts';

/** ServiceNow's English list export (incidents, requests, changes). */
export const SERVICENOW_LABELS: LabelTable = {
  TICKETS: {
    TICKET_ID: ['Number', 'Incident', 'Incident Number'],
    TITLE: ['Short Description'],
    DESCRIPTION: ['Description', 'Work Notes'],
    USER: ['Caller', 'Caller ID', 'Opened by'],
    ASSIGNED_TO: ['Assigned to'],
    REQUEST_TIME: ['Opened', 'Opened at'],
    CLOSE_TIME: ['Closed', 'Closed at', 'Resolved', 'Resolved at'],
    STATUS: ['State'],
  },
};
