-- The six product categories of the home page, as catalogue rows
-- (docs/decisions/190-catalogue-in-the-database.md).
--
-- Ids are the home page's category ids (src/i18n/messages/en/site.ts), which
-- documents.product already uses; the English slug is the id, the French one
-- its French name. Names and descriptions are the home page's texts, images
-- its illustrations. Added here rather than in seed.sql because production
-- needs them too; `on conflict do nothing` keeps whatever staff changed.

insert into public.product_categories
  (id, slug_en, slug_fr, name_en, name_fr, description_en, description_fr, image_path, sort_order, published)
values
  ('olive-oils', 'olive-oils', 'huiles-d-olive', 'Olive oils', 'Huiles d’olive',
   'Early-harvest and estate extra virgin olive oils from Crete, Messinia and Lesvos, cold-extracted and bottled at the source.',
   'Huiles d’olive extra vierges de récolte précoce et de domaine, de Crète, de Messénie et de Lesbos, extraites à froid et embouteillées sur place.',
   '/images/illustrations/olive-oil.svg', 10, true),
  ('honeys', 'honeys', 'miels', 'Honeys', 'Miels',
   'Thyme, pine and wildflower honeys from beekeepers who move their hives with the seasons.',
   'Miels de thym, de pin et de fleurs sauvages, récoltés par des apiculteurs qui déplacent leurs ruches au fil des saisons.',
   '/images/illustrations/honey.svg', 20, true),
  ('olives-tapenades', 'olives-tapenades', 'olives-et-tapenades', 'Olives and tapenades', 'Olives et tapenades',
   'Kalamata, Halkidiki and Amfissa olives, and small-batch tapenades ready for the table.',
   'Olives de Kalamata, de Halkidiki et d’Amfissa, et tapenades préparées en petits lots, prêtes à servir.',
   '/images/illustrations/olives.svg', 30, true),
  ('spices-teas', 'spices-teas', 'epices-et-tisanes', 'Spices and herbal teas', 'Épices et tisanes',
   'Mountain tea, oregano, saffron and sage, hand-picked on the slopes and dried the traditional way.',
   'Thé des montagnes, origan, safran et sauge, cueillis à la main sur les pentes et séchés de façon traditionnelle.',
   '/images/illustrations/herbs.svg', 40, true),
  ('wines-vinegars', 'wines-vinegars', 'vins-et-vinaigres-balsamiques', 'Wines and balsamic vinegars',
   'Vins et vinaigres balsamiques',
   'Wines from indigenous grape varieties and barrel-aged vinegars from independent estates.',
   'Vins de cépages indigènes et vinaigres vieillis en fût, issus de domaines indépendants.',
   '/images/illustrations/wine.svg', 50, true),
  ('cheeses', 'cheeses', 'fromages', 'Cheeses', 'Fromages',
   'PDO feta, graviera and kefalotyri, kept in an unbroken cold chain from the dairy to your dock.',
   'Feta AOP, graviera et kefalotyri, maintenus sous chaîne du froid de la laiterie jusqu’à votre quai.',
   '/images/illustrations/cheese.svg', 60, true)
on conflict (id) do nothing;
