// Reading a status import (src/domain/status-import.ts): CSV with a header row and JSON rows, each problem named by
// its row (the line in a CSV file, the position in a JSON list) and field, in Dutch; an order named twice.
import { describe, expect, it } from 'vitest';
import { readStatusCsv, readStatusJson } from '../../src/domain/status-import.ts';

const REF = 'KH-2026-AB12CD34';
const OTHER = 'KH-2026-ZX98YW76';

describe('readStatusCsv', () => {
  it('reads rows by their header (any case, any column order), a window only when given, line numbers as rows', () => {
    const read = readStatusCsv(
      `\uFEFFStatus,orderRef,day,from,to\r\nplanned,${REF},2026-11-25,13:00,15:00\r\n\r\nREADYFORPICKUP, ${OTHER.toLowerCase()} ,,,\r\n`,
    );
    expect(read.problems).toEqual([]);
    expect(read.rows).toEqual([
      { row: 2, orderRef: REF, orderId: null, change: { status: 'planned', window: { day: '2026-11-25', from: '13:00', to: '15:00' } } },
      { row: 4, orderRef: OTHER, orderId: null, change: { status: 'readyForPickup' } },
    ]);
  });

  it('takes orders by orderId too', () => {
    expect(readStatusCsv('orderId,status\nabc_DEF-123,preparing\n').rows).toEqual([
      { row: 2, orderRef: null, orderId: 'abc_DEF-123', change: { status: 'preparing' } },
    ]);
  });

  it('names every bad row and field, sorted by row, and keeps only the good rows', () => {
    const read = readStatusCsv(
      [
        'orderRef,status,day,from,to',
        `${REF},planned,2026-02-30,13:00,15:00`,
        'KH-26-1,preparing,,,',
        `${OTHER},verzonden,,,`,
        `${OTHER},planned,2026-11-25,13:00,`,
        ',onTheWay,,,',
        `${REF},preparing,,,`,
        `${REF},onTheWay,,,`,
      ].join('\n'),
    );
    expect(read.problems.map((p) => [p.field, p.message])).toEqual([
      ['rows[2].window.day', 'Regel 2, veld window.day: 2026-02-30 is geen bestaande datum.'],
      ['rows[3].orderRef', 'Regel 3, veld orderRef: "KH-26-1" is geen bestelnummer; een bestelnummer ziet eruit als KH-2026-AB12CD34.'],
      [
        'rows[4].status',
        'Regel 4, veld status: "verzonden" is geen status; kies een van received, preparing, readyForPickup, planned, onTheWay, delivered, collected, cancelled.',
      ],
      ['rows[5].window.to', 'Regel 5, veld window.to: vul dit in.'],
      ['rows[6].orderRef', 'Regel 6, veld orderRef: geef het bestelnummer (orderRef) of de orderId van de bestelling.'],
      ['rows[8].orderRef', 'Regel 8, veld orderRef: deze bestelling staat ook op regel 7; geef elke bestelling één keer.'],
    ]);
    expect(read.rows.map((r) => r.row)).toEqual([7]);
  });

  it('refuses a file without rows, with unknown or missing columns, or that is not CSV', () => {
    expect(readStatusCsv('').problems.map((p) => p.message)).toEqual([
      'Het bestand is leeg; de eerste regel moet de kolomnamen geven: orderRef,status,day,from,to.',
    ]);
    expect(readStatusCsv('orderRef,status\n').problems.map((p) => p.message)).toEqual([
      'Het bestand bevat geen regels onder de kolomnamen.',
    ]);
    expect(readStatusCsv(`order,state,day\n${REF},planned,2026-11-25\n`).problems.map((p) => p.message)).toEqual([
      'Het bestand heeft een onbekende kolom "order"; gebruik orderRef (of orderId), status, day, from en to.',
      'Het bestand heeft een onbekende kolom "state"; gebruik orderRef (of orderId), status, day, from en to.',
      'Het bestand mist de kolom status.',
      'Het bestand mist de kolom orderRef (of orderId).',
      'Het bestand moet de kolommen day, from en to samen hebben, of geen van drieën.',
    ]);
    expect(readStatusCsv(`orderRef,status\n${REF},planned,extra\n`).problems.map((p) => p.message)).toEqual([
      'Het bestand is geen leesbare CSV (regel 2): controleer de aanhalingstekens en het aantal kolommen per regel.',
    ]);
  });
});

describe('readStatusJson', () => {
  it('reads rows in the API shape, positions as rows', () => {
    const read = readStatusJson([
      { orderRef: REF, status: 'planned', window: { day: '2026-11-25', from: '13:00', to: '15:00' } },
      { orderId: 'abc', status: 'cancelled' },
    ]);
    expect(read).toEqual({
      rows: [
        { row: 1, orderRef: REF, orderId: null, change: { status: 'planned', window: { day: '2026-11-25', from: '13:00', to: '15:00' } } },
        { row: 2, orderRef: null, orderId: 'abc', change: { status: 'cancelled' } },
      ],
      problems: [],
    });
  });

  it('names unknown fields, both order keys, a row that is no object, a window of the wrong form, and a list that is none', () => {
    const read = readStatusJson([
      { orderRef: REF, status: 'preparing', note: 'x' },
      { orderRef: REF, orderId: 'abc', status: 'preparing' },
      'KH-2026-AB12CD34',
      { orderRef: OTHER, status: 'planned', window: { day: '25-11-2026', from: '13:00', to: '15:00' } },
    ]);
    expect(read.problems.map((p) => p.field)).toEqual(['rows[1].note', 'rows[2].orderId', 'rows[3]', 'rows[4].window.day']);
    expect(read.problems[3]!.message).toBe('Regel 4, veld window.day: Gebruik de vorm JJJJ-MM-DD.');
    expect(readStatusJson({ rows: [] }).problems.map((p) => p.field)).toEqual(['file']);
    expect(readStatusJson([]).problems.map((p) => p.message)).toEqual(['Het bestand bevat geen regels.']);
  });
});
