/**
 * Repair shops riders suggest and an admin reviews ("repair shops only from a real
 * source or from rider submissions reviewed by an admin, never invented"). The approved list is
 * kept on the device (a local setting) so the page still lists them with no signal; suggesting
 * and reviewing need a connection, and the page says so. Reads and writes are queries and
 * mutations with the query policy; the page provides `<OnlineQueries>`.
 */
import { type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Link } from 'react-aria-components';
import type { RepairShopSubmission } from '../../schemas/repair-shops.ts';
import { repairShopTextLimits } from '../../schemas/repair-shops.ts';
import type { StoredShops } from '../db/repair-shops.ts';
import { serverMessageOf } from '../lib/auth/auth-errors.ts';
import { useSession } from '../lib/auth/session-context.tsx';
import { formatDateTime } from '../lib/format.ts';
import { showToast } from '../lib/toast.ts';
import { useOnlineStatus } from '../ui/use-online-status.ts';
import { formText, GarageTextField } from './garage-fields.tsx';
import {
  fetchMySuggestions,
  fetchReviewQueue,
  reviewShop,
  suggestShop,
} from '../lib/repair-shops/repair-shop-api.ts';
import { refetchAfterWrite } from '../lib/http/query-client.ts';
import { repairShopQueryKeys } from '../lib/repair-shops/repair-shop-queries.ts';

/** The server's message of a refused request, or what to do when the network failed. */
function problemText(error: unknown): string {
  if (error instanceof TypeError) return 'No connection: try again with signal.';
  return serverMessageOf(error) ?? (error instanceof Error ? error.message : String(error));
}

/** One approved shop with its contact details and who suggested it. */
function ShopCard({ submission }: { submission: RepairShopSubmission }) {
  const { shop } = submission;
  return (
    <li className="garage-card">
      <h3>{shop.name}</h3>
      <p>{shop.town}, Arkansas</p>
      <p>{shop.services}</p>
      <p>
        {shop.phone ? <a href={`tel:${shop.phone.replace(/[^0-9+]/g, '')}`}>{shop.phone}</a> : null}
        {shop.phone && shop.website ? ' · ' : null}
        {shop.website ? (
          <Link href={shop.website} target="_blank" rel="noreferrer">
            Website
          </Link>
        ) : null}
        {!shop.phone && !shop.website ? 'No phone or website given.' : null}
      </p>
      <p className="garage-source">
        Suggested by {submission.submittedBy} (“{shop.howYouKnow}”), checked by an admin
        {submission.reviewedAt ? ` on ${formatDateTime(submission.reviewedAt)}` : ''}.
      </p>
    </li>
  );
}

/** The approved shops, or the honest empty state when there are none. */
export function ApprovedShops({ shops, fetchedAt }: StoredShops) {
  if (shops.length === 0) {
    return (
      <section className="garage-note" aria-labelledby="no-shops">
        <h2 id="no-shops">No shops are listed</h2>
        <p>
          We only list a repair shop when it comes from a verified source or a rider’s suggestion
          that an admin has checked, and there are none yet. So rather than show shops that may have
          closed or never worked on your machine, this page lists none.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="rider-shops">
      <h2 id="rider-shops">Shops riders suggested</h2>
      <p className="garage-source">
        Suggested by riders and checked by an admin, not endorsed: call before you go.
        {fetchedAt ? ` List fetched ${formatDateTime(fetchedAt)}.` : ''}
      </p>
      <ul className="garage-list">
        {shops.map((submission) => (
          <ShopCard key={submission.id} submission={submission} />
        ))}
      </ul>
    </section>
  );
}

/** The suggestion's fields, limited as the server limits them (schemas/repair-shops.ts). */
function SuggestionFields() {
  return (
    <>
      <GarageTextField
        name="name"
        label="Shop name"
        defaultValue=""
        isRequired
        maxLength={repairShopTextLimits.name}
      />
      <GarageTextField
        name="town"
        label="Town"
        defaultValue=""
        isRequired
        maxLength={repairShopTextLimits.town}
      />
      <GarageTextField
        name="phone"
        label="Phone (optional)"
        defaultValue=""
        maxLength={repairShopTextLimits.phone}
      />
      <GarageTextField
        name="website"
        label="Website (optional, starting https://)"
        defaultValue=""
        maxLength={repairShopTextLimits.website}
        validate={(value) =>
          value === '' || /^https?:\/\/\S+$/.test(value) ? null : 'Start the address with https://'
        }
      />
      <GarageTextField
        name="services"
        label="What they work on"
        defaultValue=""
        isRequired
        multiline
        maxLength={repairShopTextLimits.text}
      />
      <GarageTextField
        name="howYouKnow"
        label="How you know them"
        defaultValue=""
        isRequired
        multiline
        maxLength={repairShopTextLimits.text}
      />
    </>
  );
}

/** The form a signed-in rider fills to suggest a shop they know. */
function SuggestForm({ username }: { username: string }) {
  const queryClient = useQueryClient();
  const suggestion = useMutation({
    mutationFn: suggestShop,
    onSuccess: () => {
      showToast({
        title: 'Shop suggested',
        description: 'An admin will check it before it is listed.',
      });
      void refetchAfterWrite(queryClient, repairShopQueryKeys.mine(username));
      void refetchAfterWrite(queryClient, repairShopQueryKeys.approved);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    suggestion.mutate(
      {
        name: formText(form, 'name'),
        town: formText(form, 'town'),
        phone: formText(form, 'phone') || null,
        website: formText(form, 'website') || null,
        services: formText(form, 'services'),
        howYouKnow: formText(form, 'howYouKnow'),
      },
      // A refused suggestion keeps what was typed.
      { onSuccess: () => element.reset() },
    );
  };
  return (
    <Form className="garage-form" onSubmit={submit} aria-label="Suggest a repair shop">
      <SuggestionFields />
      {suggestion.error ? (
        <p className="garage-field__error" role="alert">
          {problemText(suggestion.error)}
        </p>
      ) : null}
      <Button type="submit" className="button button--primary" isDisabled={suggestion.isPending}>
        Suggest this shop
      </Button>
    </Form>
  );
}

const statusWords = { pending: 'Waiting for review', approved: 'Listed', rejected: 'Not listed' };

/** The rider's own suggestions with their review and, for a rejection, the reason. */
function MySuggestions({ username }: { username: string }) {
  const { data: submissions } = useQuery({
    queryKey: repairShopQueryKeys.mine(username),
    queryFn: fetchMySuggestions,
  });
  if (!submissions || submissions.length === 0) return null;
  return (
    <>
      <h3>Your suggestions</h3>
      <ul>
        {submissions.map((submission) => (
          <li key={submission.id}>
            <strong>{submission.shop.name}</strong>, {submission.shop.town}:{' '}
            {statusWords[submission.status]}
            {submission.reason ? ` (${submission.reason})` : ''}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Suggest a shop: signed-in riders with a connection; others are told what they need. */
export function SuggestShop() {
  const { role, user } = useSession();
  const online = useOnlineStatus();
  const username = user?.username ?? null;
  let body;
  if (role === 'guest' || username === null) {
    body = (
      <p>
        <Link href="/profile">Sign in</Link> to suggest a shop you trust. An admin checks every
        suggestion before it is listed.
      </p>
    );
  } else if (!online) {
    body = <p>Suggesting a shop needs a connection. Come back here with signal.</p>;
  } else {
    body = (
      <>
        <p>An admin checks every suggestion before it is listed, with your name as the source.</p>
        <SuggestForm username={username} />
        <MySuggestions username={username} />
      </>
    );
  }
  return (
    <section className="garage-card" aria-labelledby="suggest-shop">
      <h2 id="suggest-shop">Know a good shop?</h2>
      {body}
    </section>
  );
}

/** One suggestion in the admin's queue: Approve, or Reject with the reason the rider sees. */
function ReviewItem({ submission }: { submission: RepairShopSubmission }) {
  const queryClient = useQueryClient();
  // Offline a decision would wait for signal; the queue says reviewing needs a connection.
  const online = useOnlineStatus();
  const review = useMutation({
    mutationFn: ({ decision, reason }: { decision: 'approve' | 'reject'; reason: string | null }) =>
      reviewShop(submission.id, decision, reason),
    onSuccess: () => {
      void refetchAfterWrite(queryClient, repairShopQueryKeys.reviewQueue);
      void refetchAfterWrite(queryClient, repairShopQueryKeys.approved);
    },
  });
  const reject = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    review.mutate({
      decision: 'reject',
      reason: formText(new FormData(event.currentTarget), 'reason'),
    });
  };
  const { shop } = submission;
  return (
    <li className="garage-card">
      <h3>{shop.name}</h3>
      <p>
        {shop.town} · {shop.phone ?? 'no phone'} · {shop.website ?? 'no website'}
      </p>
      <p>{shop.services}</p>
      <p className="garage-source">
        From {submission.submittedBy}: “{shop.howYouKnow}”
      </p>
      <Button
        className="button button--primary"
        isDisabled={review.isPending || !online}
        onPress={() => review.mutate({ decision: 'approve', reason: null })}
      >
        Approve {shop.name}
      </Button>
      <Form className="garage-form" onSubmit={reject} aria-label={`Reject ${shop.name}`}>
        <GarageTextField
          name="reason"
          label="Reason for rejecting"
          defaultValue=""
          isRequired
          maxLength={500}
        />
        <Button type="submit" className="button" isDisabled={review.isPending || !online}>
          Reject {shop.name}
        </Button>
      </Form>
      {review.error ? (
        <p className="garage-field__error" role="alert">
          {problemText(review.error)}
        </p>
      ) : null}
    </li>
  );
}

/** The admin's review queue of suggested shops (admins only, online). */
export function ShopReviewQueue() {
  const { role } = useSession();
  const online = useOnlineStatus();
  const isAdmin = role === 'admin';
  const queue = useQuery({
    queryKey: repairShopQueryKeys.reviewQueue,
    queryFn: fetchReviewQueue,
    enabled: isAdmin && online,
  });
  if (!isAdmin) return null;
  const submissions = queue.data ?? [];
  return (
    <section className="garage-card" aria-labelledby="shop-review">
      <h2 id="shop-review">Suggestions to review</h2>
      {!online ? <p>Reviewing needs a connection.</p> : null}
      {online && queue.error ? (
        <p className="garage-field__error" role="alert">
          The queue could not be loaded: {problemText(queue.error)}
        </p>
      ) : null}
      {online && queue.isSuccess && submissions.length === 0 ? (
        <p>No suggestions are waiting.</p>
      ) : null}
      <ul className="garage-list">
        {submissions.map((submission) => (
          <ReviewItem key={submission.id} submission={submission} />
        ))}
      </ul>
    </section>
  );
}
