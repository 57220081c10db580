import { useId, useState } from 'preact/hooks';
import { type ExampleType, hasAmount, TEST_BUTTONS, testEventBody } from '../api/index.ts';

interface TestEventButtonsProps {
  /** Posts the body to `POST /me/events`; a rejection is shown beside the buttons. */
  post: (body: ReturnType<typeof testEventBody>) => Promise<unknown>;
}

/**
 * The test buttons (docs/events.md): each posts Twitch's reference example of
 * its type with `test: true`, with the user name and amount typed above them
 * (the amount goes where the type has one: bits, viewers, months, gifts, cost).
 */
export function TestEventButtons({ post }: TestEventButtonsProps) {
  const id = useId();
  const [userName, setUserName] = useState('');
  const [amount, setAmount] = useState('');
  const [outcome, setOutcome] = useState('');
  const send = async (type: ExampleType, label: string) => {
    const number = amount.trim() === '' ? undefined : Number(amount);
    setOutcome(`${label}: sending…`);
    try {
      await post(testEventBody(type, { userName, amount: number }));
      setOutcome(`${label}: sent`);
    } catch (error) {
      setOutcome(`${label} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <div class="test-events" data-testid="test-events">
      <div class="test-fields">
        <label for={`${id}-user`}>User name</label>
        <input id={`${id}-user`} value={userName} placeholder="Cool_User" maxLength={25} onInput={(e) => setUserName(e.currentTarget.value)} />
        <label for={`${id}-amount`}>Amount</label>
        <input id={`${id}-amount`} type="number" min={0} value={amount} placeholder="example's" onInput={(e) => setAmount(e.currentTarget.value)} />
      </div>
      <div class="test-buttons">
        {TEST_BUTTONS.map(({ label, type }) => (
          <button key={type} type="button" title={hasAmount(type) ? `${type} (uses the amount)` : type} onClick={() => void send(type, label)}>
            {label}
          </button>
        ))}
      </div>
      <p class="test-outcome" role="status">
        {outcome}
      </p>
    </div>
  );
}
