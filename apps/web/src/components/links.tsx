import {
  Anchor,
  type AnchorProps,
  Button,
  type ButtonProps,
  NavLink,
  type NavLinkProps,
} from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { Ref } from 'react';

/* Mantine components that navigate with the router (typed `to`, preloading, active state). */

type AnchorBaseProps = Omit<AnchorProps, 'href'> & { ref?: Ref<HTMLAnchorElement> };
function AnchorBase(props: AnchorBaseProps) {
  return <Anchor component="a" {...props} />;
}
const CreatedAnchorLink = createLink(AnchorBase);
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => <CreatedAnchorLink {...props} />;

type ButtonBaseProps = Omit<ButtonProps, 'href'> & { ref?: Ref<HTMLAnchorElement> };
function ButtonBase(props: ButtonBaseProps) {
  return <Button component="a" {...props} />;
}
const CreatedButtonLink = createLink(ButtonBase);
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => <CreatedButtonLink {...props} />;

type NavLinkBaseProps = Omit<NavLinkProps, 'href'> & { ref?: Ref<HTMLAnchorElement> };
function NavLinkBase(props: NavLinkBaseProps) {
  return <NavLink component="a" {...props} />;
}
const CreatedNavLink = createLink(NavLinkBase);
export const RouterNavLink: LinkComponent<typeof NavLinkBase> = (props) => <CreatedNavLink {...props} />;
