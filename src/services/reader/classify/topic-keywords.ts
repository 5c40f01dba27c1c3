// Hand-written topic vocabularies (domain knowledge, not fitted to any labelled rows). They serve
// two purposes: the keyword category rule for generated articles scores with them, and the
// offline model mixes them into its word distributions, which is the only evidence it has for
// energy (no training rows) and extra evidence for the thin tech and science classes.
// Weights run from 1.5 (often on topic, sometimes not) to 3 (all but unambiguous). A keyword is
// one or more words as topicWords() writes them: lower case, "u.s." is "u s", digits are "0".
import type { Topic } from '../../../shared/topics.js';

export interface TopicKeyword {
  words: readonly string[];
  weight: number;
}

type WeightedPhrases = Partial<Record<'3' | '2.5' | '2' | '1.5', string>>;

const VOCABULARY: Record<Topic, WeightedPhrases> = {
  health: {
    '3': `disease, diseases, cancer, cancers, tumor, diabetes, obesity, vaccine, vaccines, vaccination, infection,
      infections, patients, patient, symptoms, mental health, depression, anxiety, workout, workouts, weight loss,
      heart disease, alzheimer, dementia, autism, ebola, measles, flu, influenza, hiv, surgery, wellness, meditation,
      mindfulness, yoga, blood pressure, cholesterol, e cigarettes, opioid, opioids, cdc, public health, epidemic,
      illness, health care, healthcare, burnout, chemotherapy, diagnosis, diagnosed, clinical trial, hepatitis,
      asthma, allergy, allergies, arthritis, insomnia, migraine, stroke, heart attack, immune, antibiotic,
      antibiotics, prescription, pharmacist, physician, physicians, nutrition, nutritionist, calories, fitness,
      self care, therapist, psychiatrist, ptsd, adhd, eating disorder, anorexia, suicide, mers, zika, malaria,
      tuberculosis, std, hpv, obamacare, medicaid, breast cancer, prostate, mammogram, pregnancy, ivf, fertility`,
    '2.5': `health, medical, medicine, doctor, doctors, hospital, hospitals, nurse, nurses, therapy, treatment,
      treatments, sleep, exercise, drug, drugs, fda, smoking, cigarettes, addiction, overdose, clinic, chronic,
      virus, outbreak, pain, healing, stress, happiness, mindful, pharmaceutical, medication, medications, pill,
      pills, vitamin, vitamins, supplements, dieting, obese, overweight, kidney, liver, lungs, skin, gut,
      breastfeeding, birth control, contraception, abortion, autism, longevity, aging, relaxation, gratitude`,
    '2': `healthy, diet, heart, blood, pregnant, body, breast, medicare, insurance, insurer, risk, study finds,
      symptoms of, habits, weight, brain, sugar, tobacco, alcohol, drinking, running, walking, breathing, mood,
      kids health, teens, parents, baby, babies, doctor visit, self, emotional, loneliness, relationships`,
    '1.5': `study, kids, life, tips, ways, feel, better, care, older, women, men`,
  },
  food: {
    '3': `recipe, recipes, cooking, chef, chefs, restaurant, restaurants, dessert, desserts, cake, cakes, cookie,
      cookies, bread, pizza, pasta, burger, burgers, sandwich, sandwiches, salad, salads, soup, soups, steak,
      bacon, cheese, chocolate, wine, wines, beer, beers, cocktail, cocktails, tasty, delicious, flavor, flavors,
      bake, baking, baked, grill, grilling, grilled, snack, snacks, ice cream, sauce, spicy, tacos, taco, sushi,
      bbq, barbecue, foodie, ingredients, ingredient, cupcake, cupcakes, whiskey, bourbon, cuisine, brunch,
      breakfast, lunch, dinner, appetizer, appetizers, casserole, roast, roasted, pie, pies, muffin, muffins,
      pancake, pancakes, waffles, donut, donuts, doughnut, doughnuts, cupcake, brownies, fries, noodles, ramen,
      dumplings, curry, guacamole, avocado, kale, quinoa, vinaigrette, marinade, chili, salsa, pesto, butter,
      cream, yogurt, smoothie, smoothies, juice, coffee, espresso, latte, tea, cider, sangria, margarita,
      champagne, vodka, gin, rum, tequila, bartender, sommelier, winery, brewery, vineyard, menu, kitchen,
      cookbook, foodies, eats, tasting, seasonal, summer recipes, holiday recipes, thanksgiving dinner, turkey
      recipes, leftovers, vegan, vegetarian, gluten free, meatballs, lasagna, risotto, bagel, croissant,
      pastry, pastries, frosting, caramel, vanilla, cinnamon, pumpkin, apple pie, lemon, garlic, onion,
      tomatoes, potatoes, mushrooms, shrimp, salmon, tuna, oysters, lobster, crab, seafood, chicken wings,
      fried chicken, pork, beef, lamb, sausage, ham, hot dog, hot dogs, eggs, omelet, cereal, oatmeal, granola`,
    '2.5': `food, foods, cook, cooks, meal, meals, drink, drinks, taste, tastes, fruit, fruits, vegetables, eat,
      eating, dish, dishes, chicken, fish, grocery, groceries, fast food, mcdonald, starbucks, chipotle, dining,
      diner, bakery, baker, sweet, sweets, candy, sugar, salt, spice, spices, herbs, flour, olive oil, honey`,
    '2': `ate, table, party, picnic, holiday, thanksgiving, christmas, summer, fall, farm, farmers, market, crop`,
  },
  finance: {
    '3': `stocks, wall street, investor, investors, investing, banking, earnings, profit, profits, revenue,
      quarterly, dividend, dividends, merger, mergers, acquisition, acquisitions, acquires, takeover, ipo,
      interest rate, interest rates, federal reserve, bonds, mortgage, mortgages, credit card, credit cards,
      savings, shareholders, shareholder, nasdaq, dow jones, s p 0, bankruptcy, hedge fund, net income,
      exchange rate, central bank, stock market, stock price, share price, fiscal, recession, gdp, economist,
      economists, financial, finance, retirement, 0k, ira, pension, pensions, student loans, student debt,
      credit score, loans, loan, lender, lenders, refinance, budgeting, personal finance, paycheck, wages,
      salary, salaries, minimum wage, payroll, layoffs, unemployment, jobless, venture capital, valuation,
      market share, bailout, inflation, deflation, currency, currencies, yen, yuan, bond yields, treasuries,
      forex, commodities, bull market, bear market, analysts, consumer spending, economy, economic, bank,
      banks, banker, bankers, jpmorgan, goldman sachs, citigroup, wells fargo, bank of america, morgan
      stanley, blackrock, berkshire hathaway, warren buffett, imf, world bank, billionaire, billionaires,
      income, irs, investment, investments, portfolio, mutual fund, etf, index fund, trader, traders, ceo,
      ceos, cfo, entrepreneur, entrepreneurs, small business, startup, startups, stock, shares`,
    '2.5': `money, debt, budget, hiring, job market, executive, executives, corporate, sec, tariff, tariffs,
      trade deal, treasury, forecast, outlook, guidance, quarter, sales, retailer, retailers, retail, wealth,
      wealthy, taxes, tax, invest, fund, funds, market, markets, trading, insurer, business, businesses,
      workplace, career, careers, employer, employers, leadership, boss`,
    '2': `consumers, brand, marketing, advertising, customers, customer service, rich, price, prices, cost,
      costs, pay, workers, employees, office, job, jobs, manager, managers, company, companies, firm, firms,
      deal, deals, insurance`,
    '1.5': `billion, million, euro, dollar, success, successful`,
  },
  usa: {
    '3': `sheriff, gunman, mass shooting, county, texas, california, florida, chicago, ohio, michigan, arizona,
      louisiana, virginia, oklahoma, missouri, kentucky, tennessee, alabama, mississippi, carolina,
      north carolina, south carolina, colorado, oregon, minnesota, wisconsin, indiana, iowa, kansas, nebraska,
      nevada, utah, idaho, montana, wyoming, dakota, alaska, hawaii, maine, vermont, massachusetts,
      connecticut, pennsylvania, new jersey, maryland, delaware, arkansas, new mexico, los angeles, houston,
      dallas, atlanta, phoenix, seattle, denver, boston, philadelphia, detroit, baltimore, miami, new orleans,
      las vegas, minneapolis, portland, san francisco, brooklyn, manhattan, fbi, national guard, death penalty,
      homicide, amtrak, governor, police, cops, officer, officers, deputy, deputies, shooting, shootings,
      gun, guns, firearm, firearms, rifle, jury, grand jury, indicted, indictment, sentenced, convicted,
      manslaughter, prosecutors, prosecutor, arrested, arrest, charged, inmate, inmates, jail, prison,
      supreme court, federal judge, judge, lawsuit, sued, tornado, tornadoes, hurricane, wildfire, wildfires,
      flood, flooding, blizzard, snowstorm, heat wave, fema, ice, border patrol, immigration, deportation,
      daca, nypd, lapd, school shooting, parkland, capitol, congress, senate, senator, congressman,
      congresswoman, republican, republicans, democrat, democrats, gop, biden, white house, pentagon`,
    '2.5': `u s, america, americans, american, united states, nationwide, federal, state, states, mayor, city,
      suspect, suspects, victim, victims, killed, dead, died, teen, student, students, school, schools,
      teacher, teachers, campus, university, covid, coronavirus, pandemic, vaccine mandate, mask, masks,
      trump, obama, clinton, election, vote, voters, protest, protesters, racism, racist, black lives matter,
      civil rights, lgbtq, transgender, storm, weather, crash, fire, missing, rescued`,
  },
  international: {
    '3': `united nations, nato, eu, european union, europe, european, russia, russian, putin, kremlin, moscow,
      ukraine, ukrainian, kyiv, kiev, china, chinese, beijing, xi jinping, japan, japanese, tokyo, korea, korean,
      north korea, south korea, pyongyang, kim jong, seoul, india, indian, modi, pakistan, afghanistan, afghan,
      kabul, iran, iranian, tehran, iraq, iraqi, baghdad, syria, syrian, assad, damascus, aleppo, israel,
      israeli, netanyahu, jerusalem, palestinian, palestinians, gaza, west bank, hamas, hezbollah, lebanon,
      egypt, egyptian, cairo, turkey, turkish, erdogan, istanbul, saudi, saudi arabia, yemen, qatar, jordan,
      libya, tunisia, morocco, algeria, sudan, south sudan, somalia, ethiopia, kenya, nigeria, boko haram,
      ghana, congo, uganda, rwanda, zimbabwe, south africa, africa, african, mexico, mexican, brazil, brazilian,
      argentina, venezuela, maduro, colombia, peru, chile, cuba, cuban, haiti, britain, british, uk, london,
      england, scotland, ireland, brexit, theresa may, boris johnson, france, french, paris, macron, germany,
      german, berlin, merkel, italy, italian, rome, greece, greek, spain, spanish, portugal, netherlands,
      belgium, brussels, sweden, norway, denmark, finland, poland, hungary, austria, switzerland, pope, vatican,
      refugees, refugee, migrants, asylum seekers, prime minister, parliament, embassy, ambassador, diplomat,
      diplomats, diplomatic, sanctions, coup, isis, islamic state, al qaeda, taliban, rebels, militants,
      insurgents, ceasefire, airstrike, airstrikes, asia, asian, australia, australian, canada, canadian,
      trudeau, hong kong, taiwan, myanmar, rohingya, philippines, duterte, indonesia, malaysia, thailand,
      vietnam, cambodia, bangladesh, sri lanka, nepal, worldpost, foreign minister, foreign policy, regime,
      dictator, junta, kurds, kurdish, middle east, latin america, un, unicef, humanitarian`,
    '2.5': `world, international, global, foreign, country, countries, nations, nation, minister, president,
      military, troops, war, wars, bomb, bombing, terror, terrorist, terrorism, attack, attacks, protests,
      election, elections, opposition, crisis, peace, talks, summit, treaty, nuclear deal, missile, missiles,
      army, soldiers, conflict, civilians, human rights, kidnapped, hostage, hostages, border`,
  },
  tech: {
    '3': `tech, technology, technologies, apple, iphone, iphones, ipad, ipod, macbook, mac, ios, itunes, siri,
      airpods, apple watch, google, android, chrome, gmail, alphabet, pixel, microsoft, windows, xbox, bing,
      cortana, facebook, zuckerberg, mark zuckerberg, twitter, tweet, tweets, tweeted, jack dorsey, instagram,
      snapchat, snap, whatsapp, messenger, youtube, youtuber, netflix, spotify, uber, lyft, airbnb, tinder,
      linkedin, reddit, pinterest, tumblr, yahoo, marissa mayer, aol, amazon, alexa, echo, kindle, bezos,
      ibm, intel, amd, nvidia, qualcomm, cisco, oracle, dell, lenovo, huawei, xiaomi, samsung, galaxy, lg,
      sony, playstation, nintendo, sega, blackberry, nokia, motorola, htc, verizon, at t, t mobile, sprint,
      comcast, gopro, fitbit, dropbox, slack, paypal, ebay, alibaba, tencent, baidu, silicon valley, software,
      hardware, app, apps, smartphone, smartphones, phone, phones, cellphone, iphone x, tablet, tablets,
      laptop, laptops, computer, computers, pc, pcs, gadget, gadgets, device, devices, wearable, wearables,
      smartwatch, headphones, earbuds, drone, drones, robot, robots, robotics, automation, artificial
      intelligence, ai, machine learning, algorithm, algorithms, chatbot, chatbots, virtual reality, vr,
      augmented reality, oculus, hololens, 0d printing, 0d printer, bitcoin, blockchain, cryptocurrency,
      crypto, net neutrality, fcc, broadband, wifi, wi fi, 0g, internet, online, web, website, websites,
      browser, search engine, email, emails, texting, text message, social media, social network, hacker,
      hackers, hack, hacked, hacking, cyber, cyberattack, cybersecurity, malware, ransomware, phishing,
      encryption, encrypted, password, passwords, data breach, privacy, surveillance, nsa, bug, glitch,
      outage, update, software update, code, coding, programmer, programming, developer, developers, startup,
      tech company, tech companies, elon musk, tesla, self driving, driverless, autonomous, electric car,
      electric cars, video game, video games, gaming, gamer, gamers, console, esports, emoji, emojis, selfie,
      selfies, meme, memes, viral, troll, trolls, cyberbullying, screen, screens, camera, cameras, battery life,
      charger, usb, streaming, stream, digital, innovation, inventor, engineers, engineering, patent, patents,
      user, users, account, accounts, platform, algorithm, feature, features, launch, launches, upgrade`,
  },
  energy: {
    '3': `energy, oil, crude, crude oil, petroleum, opec, barrel, barrels, bpd, natural gas, lng, gasoline,
      diesel, fuel, fuels, fuel oil, heating oil, propane, kerosene, jet fuel, naphtha, refinery, refineries,
      refining, refiner, refiners, pipeline, pipelines, drilling, driller, drillers, oil rig, oil rigs,
      oilfield, oilfields, oil field, offshore drilling, offshore oil, oil well, oil wells, fracking, shale,
      tar sands, oil sands, exxon, exxonmobil, chevron, royal dutch shell, bp, texaco, mobil, conocophillips,
      aramco, gazprom, rosneft, lukoil, petrobras, pemex, statoil, total sa, halliburton, schlumberger,
      brent, wti, crude prices, oil prices, oil price, gas prices, gas price, pump prices, solar, solar power,
      solar panels, solar energy, solar farm, wind power, wind farm, wind farms, wind turbines, wind energy,
      turbine, turbines, renewable, renewables, renewable energy, clean energy, green energy, nuclear plant,
      nuclear power, nuclear reactor, reactor, reactors, uranium, coal, coal plant, coal mine, coal mines,
      coal miners, power plant, power plants, power station, electricity, electricity prices, power prices,
      grid, power grid, utility, utilities, megawatt, megawatts, gigawatt, gigawatts, kilowatt, power outage,
      blackout, blackouts, energy prices, energy secretary, energy department, hydropower, hydroelectric,
      geothermal, biofuel, biofuels, ethanol, strategic petroleum reserve, output cut, production quota,
      petrochemical, petrochemicals, oil company, oil companies, oil and gas, oil output, oil exports,
      oil imports, oil production, oil demand, oil supply, gas field, gas supplies, gas supply, keystone xl,
      keystone pipeline, fossil fuel, fossil fuels, heating, heating bills, energy bills, exploration,
      oil spill, spill, tanker, tankers, oil tanker, petrol, fuel prices, fuel economy, emissions`,
    '2': `gas, wells, rig, rigs, offshore, power, nuclear, carbon, battery, batteries, electric vehicles, methane`,
  },
  science: {
    '3': `science, sciences, scientists, scientist, scientific, researchers, nasa, space, astronaut, astronauts,
      cosmonaut, planet, planets, exoplanet, exoplanets, mars, martian, jupiter, saturn, venus, mercury, pluto,
      neptune, uranus, moon, lunar, solar system, galaxy, galaxies, milky way, nebula, supernova, black hole,
      black holes, comet, comets, asteroid, asteroids, meteor, meteors, meteorite, meteor shower, eclipse,
      solar eclipse, telescope, hubble, kepler, cassini, rover, curiosity rover, probe, spacecraft, orbit,
      orbiting, gravity, gravitational waves, big bang, universe, cosmos, cosmic, dark matter, alien, aliens,
      extraterrestrial, seti, ufo, spacex, rocket, rockets, space station, international space station, iss,
      astronomy, astronomer, astronomers, astrophysicist, physics, physicist, physicists, quantum, particle,
      particles, higgs, cern, atom, atoms, laser, chemistry, chemist, molecule, molecules, biology, biologist,
      biologists, evolution, evolutionary, darwin, fossil, fossils, dinosaur, dinosaurs, paleontologist,
      paleontologists, archaeology, archaeologist, archaeologists, ancient, mummy, tomb, skeleton, bones,
      neanderthal, neanderthals, primate, primates, chimpanzee, chimpanzees, gorilla, species, new species,
      extinct, extinction, endangered, wildlife, biodiversity, genome, dna, gene, genes, genetic, genetics,
      crispr, stem cells, bacteria, microbe, microbes, microbiome, insect, insects, bee, bees, butterfly,
      butterflies, spider, spiders, snake, snakes, lizard, frog, frogs, bird, birds, whale, whales, dolphin,
      dolphins, shark, sharks, octopus, squid, jellyfish, coral, coral reef, reef, marine, deep sea, ocean,
      oceans, zoo, orca, orcas, seaworld, climate change, global warming, climate scientists, carbon dioxide,
      ozone, glacier, glaciers, ice sheet, antarctica, antarctic, arctic, sea ice, sea level, el nino,
      earthquake, earthquakes, volcano, volcanoes, eruption, tsunami, geology, geologist, mathematics,
      mathematician, math, neuroscience, neuroscientist, neuroscientists, experiment, experiments, laboratory,
      lab, journal, discovery, discoveries, discovered, theory, hypothesis, research, study finds, evolution,
      animal, animals, creature, creatures, mammal, mammals, predator, prey, habitat, ecosystem, nature`,
  },
};

function keywordList(phrases: WeightedPhrases): TopicKeyword[] {
  const byWords = new Map<string, TopicKeyword>();
  for (const [weight, list] of Object.entries(phrases)) {
    for (const phrase of list.split(',')) {
      const words = phrase.trim().split(/\s+/).filter(Boolean);
      const key = words.join(' ');
      // A phrase listed twice keeps its higher weight.
      if (words.length && (byWords.get(key)?.weight ?? 0) < Number(weight)) {
        byWords.set(key, { words, weight: Number(weight) });
      }
    }
  }
  return [...byWords.values()];
}

/** Each topic's keywords with their weights (1.5 to 3). */
export const TOPIC_KEYWORDS: Readonly<Record<Topic, readonly TopicKeyword[]>> = Object.freeze({
  health: keywordList(VOCABULARY.health),
  food: keywordList(VOCABULARY.food),
  finance: keywordList(VOCABULARY.finance),
  usa: keywordList(VOCABULARY.usa),
  international: keywordList(VOCABULARY.international),
  tech: keywordList(VOCABULARY.tech),
  energy: keywordList(VOCABULARY.energy),
  science: keywordList(VOCABULARY.science),
});
