// Step 3 of the checkout: how the order arrives (delivery, assembly, extra service or pickup, from what the cart's
// products offer), the delivery day (10 days) or week (25 weeks) with the days that cannot be chosen and why, the
// live "voor 22:00 besteld, morgen in huis" line, floor and lift, taking the old appliance, and an optional note.
// The calendar rules are src/domain/delivery-calendar.ts; this only shows them.
import { useEffect, useId, useState } from 'react';
import { floorLabel, type DeliveryCalendar } from '../domain/delivery-calendar.ts';
import { FIELD_MAX_LENGTH, MAX_FLOOR } from '../domain/limits.ts';
import { DELIVERY_TYPE_LABELS } from '../domain/texts.ts';
import type { DeliveryType } from '../schemas/site.ts';
import { cutoffLine, fieldId, msToNextMinute, type CheckoutValues } from './checkout/form.ts';
import { CheckField, describedBy, FieldError } from './CheckoutField.tsx';

const FLOORS = Array.from({ length: MAX_FLOOR + 1 }, (_, floor) => floor);

export type PickupPoint = {
  title: string;
  street: string;
  postalCode: string;
  city: string;
  hours: { days: string; hours: string }[];
  /** The pick-up point's own page and a route planner with its address. */
  href: string;
  routeUrl: string;
};

/** The current time, renewed at every whole minute; the timer stops when the component goes. */
export function useMinuteClock(clock: () => Date = () => new Date()): Date {
  const [now, setNow] = useState(clock);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the clock is fixed for the life of the component
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = clock();
      setNow(at);
      timer = setTimeout(tick, msToNextMinute(at));
    };
    timer = setTimeout(tick, msToNextMinute(clock()));
    return () => clearTimeout(timer);
  }, []);
  return now;
}

const typeHints: Record<DeliveryType, string> = {
  default: 'We bezorgen je bestelling aan huis.',
  assembly: 'Onze monteur plaatst en sluit aan.',
  extraService: 'We sluiten aan en nemen je oude apparaat mee.',
  pickUp: 'Met afhaalkorting, bij ons afhaalpunt.',
};

type Props = {
  deliveryType: DeliveryType;
  choices: DeliveryType[];
  calendar: DeliveryCalendar;
  now: Date;
  cutoff: string;
  disableFloorSelection: boolean;
  pickup: PickupPoint | null;
  values: CheckoutValues;
  errors: Record<string, string>;
  onDeliveryType: (type: DeliveryType) => void;
  onChange: (fields: Partial<CheckoutValues>, mode: 'later' | 'now') => void;
  onBlur: (field: string) => void;
};

function PickupInfo({ pickup }: { pickup: PickupPoint }) {
  return (
    <div className="co-pickup">
      <h3>{pickup.title}</h3>
      <p>
        {pickup.street}
        <br />
        {pickup.postalCode} {pickup.city}
      </p>
      <table className="hours">
        <caption className="sr-only">Openingstijden van het afhaalpunt</caption>
        <tbody>
          {pickup.hours.map((line) => (
            <tr key={line.days}>
              <th scope="row">{line.days}</th>
              <td>{line.hours}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="hint">We sturen je een e-mail en een sms zodra je bestelling voor je klaarstaat.</p>
      <p>
        <a href={pickup.href} target="_blank" rel="noopener">
          Afhalen: wat je meeneemt en hulp bij inladen (opent in een nieuw venster)
        </a>
        <br />
        <a href={pickup.routeUrl} target="_blank" rel="noopener">
          Plan je route (opent in een nieuw venster)
        </a>
      </p>
    </div>
  );
}

export default function DeliverySelector(props: Props) {
  const { deliveryType, choices, calendar, now, values, errors, onChange } = props;
  const uid = useId();
  const [weekMode, setWeekMode] = useState(() => Boolean(values.deliveryWeek) && !values.deliveryDay);
  const [notesOpen, setNotesOpen] = useState(() => values.notes !== '');
  const line = cutoffLine(now, props.cutoff, calendar);
  const showWeeks = weekMode || !calendar.daySelection;
  const pickUp = deliveryType === 'pickUp';
  const dayError = errors.deliveryDay;
  const weekError = errors.deliveryWeek;
  const floorDisabled = props.disableFloorSelection;
  const floorHintId = `${uid}-floor-hint`;

  return (
    <div className="co-delivery">
      {choices.length > 1 && (
        <fieldset className="co-choices" role="radiogroup" id={fieldId('deliveryType')}>
          <legend>Hoe wil je je bestelling ontvangen?</legend>
          {choices.map((type) => (
            <div key={type} className="co-choice">
              <label>
                <input
                  type="radio"
                  name="deliveryType"
                  value={type}
                  checked={deliveryType === type}
                  aria-describedby={`${uid}-type-${type}`}
                  onChange={() => props.onDeliveryType(type)}
                />
                <strong>{DELIVERY_TYPE_LABELS[type]}</strong>
              </label>
              <span id={`${uid}-type-${type}`} className="hint">
                {typeHints[type]}
              </span>
            </div>
          ))}
        </fieldset>
      )}

      {pickUp ? (
        props.pickup && <PickupInfo pickup={props.pickup} />
      ) : (
        <>
          <p className="co-cutoff">
            <strong>{line.headline}</strong>
            {line.remaining && <span> · {line.remaining}</span>}
          </p>
          {!showWeeks && (
            <fieldset
              className="co-choices co-days"
              id={fieldId('deliveryDay')}
              role="radiogroup"
              aria-invalid={dayError ? true : undefined}
              aria-describedby={describedBy('deliveryDay', dayError)}
            >
              <legend>Kies je bezorgdag</legend>
              {calendar.days.map((day) => {
                const reasonId = `${uid}-day-${day.date}`;
                return (
                  <div key={day.date} className={`co-day${day.disabled ? ' is-disabled' : ''}`}>
                    <label>
                      <input
                        type="radio"
                        name="deliveryDay"
                        value={day.date}
                        disabled={day.disabled}
                        checked={values.deliveryDay === day.date}
                        aria-describedby={day.reason ? reasonId : undefined}
                        onChange={() => onChange({ deliveryDay: day.date, deliveryWeek: null }, 'now')}
                      />
                      <span className="co-day-name">{day.label}</span>
                    </label>
                    {day.reason && (
                      <span id={reasonId} className="hint">
                        {day.reason}
                      </span>
                    )}
                  </div>
                );
              })}
              <FieldError field="deliveryDay" error={dayError} />
            </fieldset>
          )}
          {calendar.daySelection ? (
            <CheckField field="weekMode" role="switch" label="Liever een week kiezen" checked={weekMode} onChange={setWeekMode} />
          ) : (
            <p className="hint">
              Niet alle artikelen zijn op een vaste dag leverbaar. Kies een week; we bellen je om de dag af te spreken.
            </p>
          )}
          {showWeeks && (
            <fieldset
              className="co-choices co-weeks"
              id={fieldId('deliveryWeek')}
              role="radiogroup"
              aria-invalid={weekError ? true : undefined}
              aria-describedby={describedBy('deliveryWeek', weekError)}
            >
              <legend>Kies je bezorgweek</legend>
              {calendar.weeks.map((week) => {
                const reasonId = `${uid}-week-${week.week}`;
                return (
                  <div key={week.week} className={`co-day${week.disabled ? ' is-disabled' : ''}`}>
                    <label>
                      <input
                        type="radio"
                        name="deliveryWeek"
                        value={week.week}
                        disabled={week.disabled}
                        checked={values.deliveryWeek === week.week && !values.deliveryDay}
                        aria-describedby={week.reason ? reasonId : undefined}
                        onChange={() => onChange({ deliveryWeek: week.week, deliveryDay: null }, 'now')}
                      />
                      <span className="co-day-name">{week.label}</span>
                    </label>
                    {week.reason && (
                      <span id={reasonId} className="hint">
                        {week.reason}
                      </span>
                    )}
                  </div>
                );
              })}
              <FieldError field="deliveryWeek" error={weekError} />
            </fieldset>
          )}

          <div className="co-row">
            <div className="co-field">
              <label htmlFor={fieldId('floor')}>Verdieping</label>
              <select
                id={fieldId('floor')}
                value={String(values.floor ?? 0)}
                disabled={floorDisabled}
                aria-describedby={floorDisabled ? floorHintId : undefined}
                onChange={(e) => onChange({ floor: Number(e.currentTarget.value) }, 'now')}
              >
                {FLOORS.map((floor) => (
                  <option key={floor} value={floor}>
                    {floorLabel(floor)}
                  </option>
                ))}
              </select>
            </div>
            <CheckField
              field="elevator"
              label="Er is een lift"
              checked={values.elevator}
              disabled={floorDisabled}
              onChange={(checked) => onChange({ elevator: checked }, 'now')}
            />
          </div>
          {floorDisabled && (
            <p id={floorHintId} className="hint">
              Je bestelling bevat artikelen die we als pakket aan de deur bezorgen. Een verdieping of lift kiezen is daarom niet nodig.
            </p>
          )}
          <CheckField
            field="takeRetour"
            label="Neem mijn oude apparaat mee"
            hint="Zet het losgekoppeld en leeg klaar; de bezorger neemt het mee voor recycling."
            checked={values.takeRetour}
            onChange={(checked) => onChange({ takeRetour: checked }, 'now')}
          />
        </>
      )}

      <p>
        <button
          type="button"
          className="link-button"
          aria-expanded={notesOpen}
          aria-controls={`${uid}-notes`}
          onClick={() => setNotesOpen((open) => !open)}
        >
          Opmerking toevoegen
        </button>
      </p>
      <div id={`${uid}-notes`} hidden={!notesOpen} className="co-field">
        {notesOpen && (
          <>
            <label htmlFor={fieldId('notes')}>Opmerking bij je bestelling</label>
            <textarea
              id={fieldId('notes')}
              value={values.notes}
              rows={3}
              maxLength={FIELD_MAX_LENGTH.notes}
              aria-invalid={errors.notes ? true : undefined}
              aria-describedby={describedBy('notes', errors.notes)}
              onChange={(e) => onChange({ notes: e.currentTarget.value }, 'later')}
              onBlur={() => props.onBlur('notes')}
            />
            <FieldError field="notes" error={errors.notes} />
          </>
        )}
      </div>
    </div>
  );
}
