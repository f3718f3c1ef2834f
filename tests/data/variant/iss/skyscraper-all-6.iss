.Skyscraper~C1~6.Skyscraper~C3~6.Skyscraper~C6~6.Skyscraper~R5~6.Skyscraper~R8~6.Skyscraper~R1~~6.Skyscraper~R4~~6.Skyscraper~R7~~6.Skyscraper~C2~~6.Skyscraper~C4~~6
