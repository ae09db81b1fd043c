import { OAuth2Server } from 'oauth2-mock-server';

export interface GoogleUser {
  email: string;
  name?: string;
  /** Whether the provider vouches for the address; it does unless told otherwise. */
  emailVerified?: boolean;
}

/**
 * A real OpenID Connect server on loopback standing in for Google. Each sign-in gets the claims of the
 * user set with `signInAs`; `refuseNext` makes the next authorization fail as a user's "Cancel" would.
 */
export async function startOidcServer(port = 0) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(port, '127.0.0.1');
  let user: GoogleUser = { email: 'google.user@example.com', name: 'Grace Google' };
  let refuse = false;

  const claims = () => ({
    sub: `google-${user.email}`,
    email: user.email,
    email_verified: user.emailVerified ?? true,
    ...(user.name ? { name: user.name } : {}),
  });
  server.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, claims()));
  server.service.on('beforeUserinfo', (response) => {
    response.body = claims();
  });
  server.service.on('beforeAuthorizeRedirect', (redirect) => {
    if (!refuse) return;
    refuse = false;
    redirect.url.searchParams.delete('code');
    redirect.url.searchParams.set('error', 'access_denied');
  });

  const issuer = server.issuer.url!;
  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    signInAs(next: GoogleUser) {
      user = next;
    },
    refuseNext() {
      refuse = true;
    },
    close: () => server.stop(),
  };
}
