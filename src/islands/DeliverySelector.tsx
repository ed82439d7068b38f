// Step 3 of the checkout: how the order arrives (delivery, assembly, extra service or pickup, from what the cart's
// products offer), how it is planned (a day, a week or a call, as the settings allow for that way), with the days
// that cannot be chosen and why, the live "voor 22:00 besteld, morgen in huis" line or, when the stock delays the
// cart, which items and the earliest date; floor and lift, taking the old appliance, and an optional note.
// The calendar and planning rules are src/domain/delivery-calendar.ts and delivery-planning.ts; this only shows them.
import { useEffect, useId, useState } from 'react';
import { floorLabel, type DeliveryCalendar } from '../domain/delivery-calendar.ts';
import {
  chosenPlanning,
  delayText,
  earliestText,
  PLANNING_LABELS,
  planningCorrection,
  planningFields,
  planningOffer,
  type StockDelay,
} from '../domain/delivery-planning.ts';
import { FIELD_MAX_LENGTH, MAX_FLOOR } from '../domain/limits.ts';
import { DELIVERY_TYPE_LABELS } from '../domain/texts.ts';
import type { DeliveryPlanning, DeliveryType } from '../schemas/delivery.ts';
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
  /** How the current delivery type may be planned, the preferred first. */
  planning: readonly DeliveryPlanning[];
  /** The items that are not in stock yet. */
  delays: StockDelay[];
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

/** Why the cart cannot come at once: which items, when they are expected, and the earliest delivery. */
function DelayNotice({ calendar, delays }: { calendar: DeliveryCalendar; delays: StockDelay[] }) {
  const year = calendar.today.slice(0, 4);
  return (
    <div className="co-delay">
      <p>
        <strong>Niet alles is direct leverbaar</strong>
      </p>
      {delays.length > 0 && (
        <ul>
          {delays.map((delay) => (
            <li key={delay.productId}>{delayText(delay, year)}</li>
          ))}
        </ul>
      )}
      <p>{earliestText(calendar)}</p>
    </div>
  );
}

export default function DeliverySelector(props: Props) {
  const { deliveryType, choices, calendar, now, values, errors, onChange } = props;
  const uid = useId();
  const [pickedMode, setPickedMode] = useState<DeliveryPlanning | null>(null);
  const [notesOpen, setNotesOpen] = useState(() => values.notes !== '');
  const line = cutoffLine(now, props.cutoff, calendar);
  const pickUp = deliveryType === 'pickUp';
  const offer = planningOffer(calendar, props.planning);
  const offered = (mode: DeliveryPlanning | null) => (mode && offer.modes.includes(mode) ? mode : null);
  const mode = offered(chosenPlanning(values)) ?? offered(pickedMode) ?? offer.modes[0] ?? null;
  // A cart the stock delays gets its earliest day or week (or the call) preselected; a way the delivery type no
  // longer allows is cleared. Saved like any choice, so the server checks the same.
  const correction = pickUp ? null : planningCorrection(offer, calendar, values);
  const correctionKey = correction ? JSON.stringify(correction) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when what needs correcting changes
  useEffect(() => {
    if (correction) onChange(correction, 'now');
  }, [correctionKey]);
  const chooseMode = (next: DeliveryPlanning) => {
    setPickedMode(next);
    onChange(planningFields(next, calendar, offer.delayed), 'now');
  };
  const firstDay = calendar.minDeliveryDay;
  const weeks = firstDay ? calendar.weeks.filter((week) => week.end >= firstDay) : calendar.weeks;
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
          {offer.delayed ? (
            <DelayNotice calendar={calendar} delays={props.delays} />
          ) : (
            offer.modes.includes('day') && (
              <p className="co-cutoff">
                <strong>{line.headline}</strong>
                {line.remaining && <span> · {line.remaining}</span>}
              </p>
            )
          )}
          {offer.modes.length > 1 && (
            <fieldset className="co-choices co-inline" role="radiogroup" id={fieldId('deliveryPlanning')}>
              <legend>Hoe plannen we de bezorging?</legend>
              {offer.modes.map((option) => (
                <label key={option}>
                  <input
                    type="radio"
                    name="deliveryPlanning"
                    value={option}
                    checked={mode === option}
                    onChange={() => chooseMode(option)}
                  />
                  {PLANNING_LABELS[option]}
                </label>
              ))}
            </fieldset>
          )}
          {mode === 'day' && (
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
                        onChange={() => onChange({ deliveryDay: day.date, deliveryWeek: null, deliveryCall: null }, 'now')}
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
          {mode === 'week' && (
            <fieldset
              className="co-choices co-weeks"
              id={fieldId('deliveryWeek')}
              role="radiogroup"
              aria-invalid={weekError ? true : undefined}
              aria-describedby={describedBy('deliveryWeek', weekError)}
            >
              <legend>Kies je bezorgweek</legend>
              <p className="hint">We bellen je om de dag in die week af te spreken.</p>
              {weeks.map((week) => {
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
                        onChange={() => onChange({ deliveryWeek: week.week, deliveryDay: null, deliveryCall: null }, 'now')}
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
          {mode === 'call' && (
            <div className="co-call" id={fieldId('deliveryCall')} tabIndex={-1}>
              <p>
                <strong>{PLANNING_LABELS.call}.</strong>{' '}
                {offer.delayed
                  ? 'Zodra we weten wanneer alles binnen is, bellen we je op het telefoonnummer dat je bij je gegevens invult.'
                  : 'We bellen je op het telefoonnummer dat je bij je gegevens invult.'}
              </p>
              <FieldError field="deliveryCall" error={errors.deliveryCall} />
            </div>
          )}
          {mode === null && (
            <div id={fieldId('deliveryDay')} tabIndex={-1}>
              <p className="warn">We kunnen deze bestelling nu niet online inplannen. Bel ons, dan plannen we de bezorging samen.</p>
              <FieldError field="deliveryDay" error={dayError} />
            </div>
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
