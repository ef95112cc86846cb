/**
 * Database types, in the shape `supabase gen types typescript` emits.
 * tests/backend/database-types.test.ts holds them against the migrated schema,
 * so a migration that changes a column fails until this file follows.
 */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

export type Database = {
  public: {
    Tables: {
      analytics_events: {
        Row: {
          id: string;
          name: string;
          pathname: string;
          user_agent: string | null;
          created_at: string;
        };
        Insert: {
          id?: string;
          name: string;
          pathname: string;
          user_agent?: string | null;
          created_at?: string;
        };
        Update: {
          id?: string;
          name?: string;
          pathname?: string;
          user_agent?: string | null;
          created_at?: string;
        };
        Relationships: [];
      };
      feature_flag_changes: {
        Row: {
          id: number;
          flag_id: string | null;
          flag_name: string;
          old_enabled: boolean;
          new_enabled: boolean;
          changed_by: string | null;
          changed_by_email: string | null;
          source: string;
          changed_at: string;
        };
        Insert: {
          id?: never;
          flag_id?: string | null;
          flag_name: string;
          old_enabled: boolean;
          new_enabled: boolean;
          changed_by?: string | null;
          changed_by_email?: string | null;
          source: string;
          changed_at?: string;
        };
        Update: {
          id?: never;
          flag_id?: string | null;
          flag_name?: string;
          old_enabled?: boolean;
          new_enabled?: boolean;
          changed_by?: string | null;
          changed_by_email?: string | null;
          source?: string;
          changed_at?: string;
        };
        Relationships: [
          {
            foreignKeyName: 'feature_flag_changes_flag_id_fkey';
            columns: ['flag_id'];
            isOneToOne: false;
            referencedRelation: 'feature_flags';
            referencedColumns: ['id'];
          },
        ];
      };
      feature_flags: {
        Row: {
          id: string;
          name: string;
          description: string | null;
          enabled: boolean;
          created_at: string;
          updated_at: string;
        };
        Insert: {
          id?: string;
          name: string;
          description?: string | null;
          enabled?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Update: {
          id?: string;
          name?: string;
          description?: string | null;
          enabled?: boolean;
          created_at?: string;
          updated_at?: string;
        };
        Relationships: [];
      };
      user_roles: {
        Row: {
          id: string;
          user_id: string;
          role: Database['public']['Enums']['app_role'];
          created_at: string;
        };
        Insert: {
          id?: string;
          user_id: string;
          role: Database['public']['Enums']['app_role'];
          created_at?: string;
        };
        Update: {
          id?: string;
          user_id?: string;
          role?: Database['public']['Enums']['app_role'];
          created_at?: string;
        };
        Relationships: [];
      };
    };
    Views: { [_ in never]: never };
    Functions: {
      simple_admin_set_flag: {
        Args: { password: string; flag_id: string; enabled: boolean };
        Returns: boolean;
      };
      simple_admin_unlock: {
        Args: { password: string };
        Returns: boolean;
      };
    };
    Enums: {
      app_role: 'admin' | 'client';
    };
    CompositeTypes: { [_ in never]: never };
  };
};

export type Tables<T extends keyof Database['public']['Tables']> = Database['public']['Tables'][T]['Row'];
export type AppRole = Database['public']['Enums']['app_role'];
export type FeatureFlagRow = Tables<'feature_flags'>;
export type FeatureFlagChangeRow = Tables<'feature_flag_changes'>;
