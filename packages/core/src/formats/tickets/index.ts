/**
 * The home of file type TICKETS: its canonical columns, the header labels real exports use (one
 * table per language or tool, best first), and what a header must have to be read as TICKETS.
 * Ticket exports (SysAid and generic tools, ServiceNow; in English and German).
 * Registered in formats/file-formats.ts (FILE_FORMATS).
 */
import type { FileFormat } from '../file-format.ts';

export const TICKETS_FORMAT: FileFormat = {
  canonical: ['TICKET_ID', 'TITLE', 'DESCRIPTION', 'USER', 'REQUEST_TIME', 'CLOSE_TIME', 'STATUS'],
  extraCanonical: ['ASSIGNED_TO'],
  labels: {
    'English': {
      TICKET_ID: ['ID', 'Ticket ID', 'Ticket', 'Ticket Number', 'Request ID', 'SR ID', 'Case Number', 'Key'],
      TITLE: ['Title', 'Subject', 'Summary'],
      DESCRIPTION: ['Description', 'Details', 'Notes'],
      USER: ['Request user', 'Requested by', 'Requester', 'Requested for', 'Reporter', 'User', 'Submit user'],
      ASSIGNED_TO: ['Assignee', 'Processed by', 'Responsibility', 'Admin'],
      REQUEST_TIME: ['Request time', 'Created', 'Created on', 'Created at', 'Request date', 'Submit date', 'Insert time'],
      CLOSE_TIME: ['Close time', 'Close date', 'Resolution time', 'Closed on'],
      STATUS: ['Status'],
    },
    'ServiceNow': {
      TICKET_ID: ['Number', 'Incident', 'Incident Number'],
      TITLE: ['Short Description'],
      DESCRIPTION: ['Description', 'Work Notes'],
      USER: ['Caller', 'Caller ID', 'Opened by'],
      ASSIGNED_TO: ['Assigned to'],
      REQUEST_TIME: ['Opened', 'Opened at'],
      CLOSE_TIME: ['Closed', 'Closed at', 'Resolved', 'Resolved at'],
      STATUS: ['State'],
    },
    // ServiceNow and generic tools in German (the list view's column titles).
    'German': {
      TICKET_ID: ['Nummer', 'Ticketnummer', 'Ticket-Nr.', 'Vorgangsnummer', 'Vorfallsnummer'],
      TITLE: ['Kurzbeschreibung', 'Betreff', 'Titel'],
      DESCRIPTION: ['Beschreibung', 'Arbeitsnotizen'],
      USER: ['Anrufer', 'Anforderer', 'Angefordert von', 'Angefordert für', 'Geöffnet von', 'Erstellt von', 'Melder'],
      ASSIGNED_TO: ['Zugewiesen an', 'Bearbeiter'],
      REQUEST_TIME: ['Geöffnet', 'Geöffnet am', 'Erstellt', 'Erstellt am', 'Anforderungszeit'],
      CLOSE_TIME: ['Geschlossen', 'Geschlossen am', 'Gelöst', 'Gelöst am', 'Abschlusszeit'],
      STATUS: ['Status', 'Zustand'],
    },
  },
  /** A title or description, an id or request time, and at least three columns. */
  requirement: (has, score) => (has('TITLE') || has('DESCRIPTION')) && (has('TICKET_ID') || has('REQUEST_TIME')) && score >= 3,
  expected: 'a ticket export (Number/ID, Title, Description, Request user, Request time, Close time, Status)',
  // Not flagged per record: correlation reads a ticket's own columns (engine/parse/collect-facts.ts addTicket).
  record: { shape: 'none', columns: { user: 'USER' } },
};
