import { Outlet } from "react-router";

export default function B2bLayout() {
  return <Outlet />;
}
