// A byline's co-creators after its creator (issue 30): ", bob, carol", each a plain link to their author page (the
// server's /u/{name}, not a client route). Nothing for a work of one.
import { Fragment } from "react";
import { ROUTES } from "../../../shared/routes";

export function CoCreatorLinks({
  coCreators,
  className,
  testId,
}: {
  coCreators: readonly { username: string }[] | undefined;
  className?: string;
  testId?: string;
}) {
  if (!coCreators || coCreators.length === 0) return null;
  return (
    <>
      {coCreators.map(({ username }) => (
        <Fragment key={username}>
          {", "}
          <a href={ROUTES.author(username)} rel="author" className={className} data-testid={testId}>
            {username}
          </a>
        </Fragment>
      ))}
    </>
  );
}
