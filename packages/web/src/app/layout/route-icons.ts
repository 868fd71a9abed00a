import type { ComponentType } from 'react';
import {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  GiftOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  ShoppingOutlined,
  UserOutlined,
} from '@ant-design/icons';

/** The icons the route table names (RouteDef.icon); importing them one by one keeps the bundle small. */
export const ROUTE_ICONS: Readonly<Record<string, ComponentType>> = {
  AccountBookOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  GiftOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShareAltOutlined,
  ShopOutlined,
  ShoppingOutlined,
  UserOutlined,
};
